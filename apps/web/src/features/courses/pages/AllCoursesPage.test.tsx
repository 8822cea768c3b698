import type { CatalogPage, CourseCard } from '@kaksha/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { testCard } from '@/test/fixtures';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import AllCoursesPage from './AllCoursesPage';

const card = (id: string, title: string, language: CourseCard['language'] = 'en') =>
  testCard({ _id: id, title, language, listPrice: 999, totalDurationSeconds: 2 * 3600 + 30 * 60 });

const facets = (n: number): CatalogPage['facets'] => ({
  category: [{ value: 'Web Development', count: n }],
  level: [
    { value: 'Beginner', count: n },
    { value: 'Intermediate', count: 0 },
    { value: 'Advanced', count: 2 },
  ],
  // English and Hindi have courses, Tamil none (so it is not offered).
  language: [
    { value: 'en', count: n },
    { value: 'hi', count: 3 },
    { value: 'ta', count: 0 },
  ],
  price: [{ value: 'free', count: 0 }],
  rating: [{ value: 4.5, count: n }],
  duration: [{ value: '2-6', count: n }],
});

/** Where the page is, as the router has it: the URL the user would see. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The page at `url`, with the catalogue API answering one card per request; returns the paths asked for. */
function renderAt(url: string) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const u = new URL(input, 'http://x');
      asked.push(u.pathname + u.search);
      const page: CatalogPage = {
        courses: [card('c1', 'React from Scratch'), card('c2', 'रिएक्ट की शुरुआत', 'hi')],
        nextCursor: null,
        total: 1,
        facets: facets(1),
      };
      return json(page);
    }),
  );
  renderWithProviders(
    <>
      <AllCoursesPage />
      <Location />
    </>,
    { at: url },
  );
  return asked;
}

const location = () => screen.getByTestId('location').textContent;

describe('All Courses: the filters live in the URL', () => {
  it('asks the API for what the URL says and shows it as removable chips', async () => {
    const asked = renderAt('/allcourses?level=Advanced&q=react&sort=rating&minRating=4');
    await screen.findByRole('heading', { name: 'React from Scratch' }, { timeout: 5000 });
    expect(asked[0]).toBe('/api/course/catalog?q=react&level=Advanced&minRating=4&sort=rating');
    const chips = within(screen.getByRole('list', { name: 'Active filters' }));
    expect(chips.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Remove filter: “react”',
      'Remove filter: Advanced',
      'Remove filter: 4 stars & up',
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search courses' })).toHaveValue('react');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('rating');
    expect(screen.getByRole('checkbox', { name: /Advanced/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /4 stars & up/ })).toBeChecked();

    await userEvent.click(chips.getByRole('button', { name: 'Remove filter: Advanced' }));
    expect(location()).toBe('/allcourses?q=react&minRating=4&sort=rating');
    await vi.waitFor(() => expect(asked.at(-1)).toBe('/api/course/catalog?q=react&minRating=4&sort=rating'));
    // Focus is not lost with the chip: it goes to the list's heading.
    expect(screen.getByRole('heading', { name: 'All Courses' })).toHaveFocus();
  });

  it('puts a search, a filter and an order into the URL, with the facets beside each choice', async () => {
    const asked = renderAt('/allcourses');
    await screen.findByRole('heading', { name: 'React from Scratch' }, { timeout: 5000 });
    expect(asked[0]).toBe('/api/course/catalog');
    expect(screen.getByRole('checkbox', { name: 'Advanced (2)' })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'pyhton{Enter}');
    expect(location()).toBe('/allcourses?q=pyhton');
    await userEvent.click(screen.getByRole('checkbox', { name: /Beginner/ }));
    expect(location()).toBe('/allcourses?q=pyhton&level=Beginner');
    await userEvent.click(screen.getByRole('radio', { name: /Under ₹500/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /2 – 6 hours/ }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-asc');
    expect(location()).toBe('/allcourses?q=pyhton&level=Beginner&price=0-500&duration=2-6&sort=price-asc');
    await vi.waitFor(() =>
      expect(asked.at(-1)).toBe('/api/course/catalog?q=pyhton&level=Beginner&price=0-500&duration=2-6&sort=price-asc'),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(location()).toBe('/allcourses?sort=price-asc');
  });

  it('shows the card’s length, level, rating with reviews and price', async () => {
    renderAt('/allcourses');
    const heading = await screen.findByRole('heading', { name: 'React from Scratch' }, { timeout: 5000 });
    const cardEl = heading.closest('article') as HTMLElement;
    expect(cardEl).toHaveTextContent('2 h 30 min of video');
    expect(cardEl).toHaveTextContent('Beginner');
    expect(cardEl).toHaveTextContent('(2 reviews)');
    expect(cardEl).toHaveTextContent('₹ 499');
    expect(cardEl).toHaveTextContent('List price ₹ 999');
  });

  it('filters by language from the URL and the sidebar, offering only languages with courses', async () => {
    const asked = renderAt('/allcourses?language=hi&level=Beginner');
    await screen.findByRole('heading', { name: 'React from Scratch' }, { timeout: 5000 });
    expect(asked[0]).toBe('/api/course/catalog?level=Beginner&language=hi');
    const filter = within(screen.getByRole('group', { name: 'Course language' }));
    expect(filter.getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual([
      'English (1)',
      'हिन्दी · Hindi (3)',
    ]);
    expect(filter.getByRole('checkbox', { name: /Hindi/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Remove filter: हिन्दी · Hindi' })).toBeInTheDocument();

    await userEvent.click(filter.getByRole('checkbox', { name: /English/ }));
    expect(location()).toBe('/allcourses?level=Beginner&language=en&language=hi');
    await vi.waitFor(() => expect(asked.at(-1)).toBe('/api/course/catalog?level=Beginner&language=en&language=hi'));
    await userEvent.click(filter.getByRole('checkbox', { name: /Hindi/ }));
    expect(location()).toBe('/allcourses?level=Beginner&language=en');
    expect(screen.getByRole('button', { name: 'Show Filters (2)' })).toBeInTheDocument();
  });

  it('labels a course that is not in English with its language, and only such a course', async () => {
    renderAt('/allcourses');
    const hindi = await screen.findByRole('heading', { name: 'रिएक्ट की शुरुआत' }, { timeout: 5000 });
    expect(hindi).toHaveAttribute('lang', 'hi');
    expect(hindi.closest('article')).toHaveTextContent('Course language: हिन्दी (Hindi)');
    const english = screen.getByRole('heading', { name: 'React from Scratch' }).closest('article') as HTMLElement;
    expect(english).not.toHaveTextContent('Course language:');
  });

  it('opens the filters as a sheet on phones and says how many are on', async () => {
    renderAt('/allcourses?level=Beginner&price=free');
    await screen.findByRole('heading', { name: 'React from Scratch' }, { timeout: 5000 });
    const toggle = screen.getByRole('button', { name: 'Show Filters (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('checkbox', { name: /Beginner/ })).toBeChecked();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Show 1 course' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show Filters (2)' })).toHaveFocus();
  });
});
