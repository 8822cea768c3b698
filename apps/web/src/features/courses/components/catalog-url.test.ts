import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  catalogUrl,
  filterChips,
  filtersFromUrl,
  filtersToParams,
  NO_FILTERS,
  selectedCategories,
  toggled,
} from './catalog-url';

describe('catalogue URL state', () => {
  it('names each selected category in the URL', () => {
    expect(catalogUrl()).toBe('/allcourses');
    expect(catalogUrl(['Web Development'])).toBe('/allcourses?category=Web+Development');
    expect(catalogUrl(['AI/ML', 'Data Science'])).toBe('/allcourses?category=AI%2FML&category=Data+Science');
  });

  it('reads known categories back in sidebar order and ignores anything else', () => {
    const params = new URLSearchParams('category=Data+Science&category=nope&category=AI%2FML&category=AI%2FML');
    expect(selectedCategories(params)).toEqual(['AI/ML', 'Data Science']);
    expect(selectedCategories(new URLSearchParams())).toEqual([]);
  });

  it('round-trips every filter, in one order whatever the URL’s, defaults left out', () => {
    const url =
      'sort=rating&duration=6-&level=Advanced&minRating=4.5&q=+python+&price=paid&duration=0-2&level=Beginner&category=Others' +
      '&language=ta&language=hi';
    const filters = filtersFromUrl(new URLSearchParams(url));
    expect(filters).toEqual({
      q: 'python',
      category: ['Others'],
      level: ['Beginner', 'Advanced'],
      language: ['hi', 'ta'],
      price: 'paid',
      minRating: 4.5,
      duration: ['0-2', '6-'],
      sort: 'rating',
    });
    const canonical = filtersToParams(filters).toString();
    expect(canonical).toBe(
      'q=python&category=Others&level=Beginner&level=Advanced&language=hi&language=ta&price=paid&minRating=4.5&duration=0-2&duration=6-&sort=rating',
    );
    expect(filtersFromUrl(new URLSearchParams(canonical))).toEqual(filters);
    expect(filtersToParams(NO_FILTERS).toString()).toBe('');
    expect(activeFilterCount(filters)).toBe(9);
  });

  it('ignores values the catalogue does not have', () => {
    const f = filtersFromUrl(
      new URLSearchParams('level=Expert&language=xx&language=Hindi&price=cheap&minRating=2.2&duration=9-&sort=best'),
    );
    expect(f).toEqual(NO_FILTERS);
  });

  it('gives one removable chip per active filter, each taking away only itself', () => {
    const f = filtersFromUrl(
      new URLSearchParams('q=react&level=Beginner&level=Advanced&language=hi&price=0-500&minRating=4'),
    );
    const chips = filterChips(f);
    expect(chips.map((c) => c.label)).toEqual([
      '“react”',
      'Beginner',
      'Advanced',
      'हिन्दी · Hindi',
      'Under ₹500',
      '4 stars & up',
    ]);
    const hindi = chips.find((c) => c.key === 'language:hi')!;
    expect(filtersToParams(hindi.without).toString()).toBe(
      'q=react&level=Beginner&level=Advanced&price=0-500&minRating=4',
    );
    const beginner = chips.find((c) => c.label === 'Beginner')!;
    expect(filtersToParams(beginner.without).toString()).toBe(
      'q=react&level=Advanced&language=hi&price=0-500&minRating=4',
    );
    expect(filterChips(NO_FILTERS)).toEqual([]);
  });

  it('toggles a value in a list, keeping the list’s own order', () => {
    expect(toggled(['a', 'b', 'c'], ['c'], 'a')).toEqual(['a', 'c']);
    expect(toggled(['a', 'b', 'c'], ['a', 'c'], 'a')).toEqual(['c']);
  });
});
