import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { LanguageFilter } from './LanguageFilter';

const labels = () => screen.getAllByRole('checkbox').map((c) => c.closest('label')?.textContent);

describe('the catalogue’s Language filter', () => {
  it('lists English and the languages with courses, each by its own name with its count', () => {
    const counts = new Map([
      ['en', 1200],
      ['hi', 40],
      ['ta', 3],
      ['bn', 0],
    ]);
    renderWithProviders(<LanguageFilter selected={[]} onToggle={() => {}} counts={counts} />);
    expect(screen.getByRole('group', { name: 'Course language' })).toBeInTheDocument();
    expect(labels()).toEqual(['English (1,200)', 'हिन्दी · Hindi (40)', 'தமிழ் · Tamil (3)']);
    // The own name is marked with its language (screen readers, fonts).
    expect(screen.getByText('हिन्दी')).toHaveAttribute('lang', 'hi');
  });

  it('keeps a chosen language listed when nothing is left in it, and says which box was toggled', async () => {
    const onToggle = vi.fn();
    renderWithProviders(<LanguageFilter selected={['bn']} onToggle={onToggle} counts={new Map([['en', 5]])} />);
    expect(labels()).toEqual(['English (5)', 'বাংলা · Bengali']);
    expect(screen.getByRole('checkbox', { name: /Bengali/ })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: /Bengali/ }));
    expect(onToggle).toHaveBeenCalledWith('bn');
  });

  it('lists English (and the chosen ones) while the counts are not known yet, without counts', () => {
    renderWithProviders(<LanguageFilter selected={['hi']} onToggle={() => {}} />);
    expect(labels()).toEqual(['English', 'हिन्दी · Hindi']);
  });
});
