import { describe, expect, it } from 'vitest';
import { catalogUrl, selectedCategories } from './catalog-url';

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
});
