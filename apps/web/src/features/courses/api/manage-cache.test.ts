import type { Course } from '@kaksha/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { testCourse } from '@/test/fixtures';
import { applyRemovedCourse, applySavedCourse } from './manage-cache';

const course = (id: string, isPublished: boolean, title = id): Course =>
  testCourse({
    _id: id,
    title,
    category: 'Others',
    level: 'Beginner',
    price: 100,
    isPublished,
    enrolledStudents: ['s1'],
    enrolledCount: 1,
    earnings: 100,
  });

describe('the client lists after a course save (spec §4)', () => {
  const setup = () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.publishedCourses, [course('a', true), course('b', true)]);
    client.setQueryData(queryKeys.creatorCourses, [course('a', true), course('c', false)]);
    return client;
  };
  const published = (client: QueryClient) => client.getQueryData<Course[]>(queryKeys.publishedCourses) ?? [];

  it('adds a newly published course to the public list, without the creator-only fields', () => {
    const client = setup();
    applySavedCourse(client, course('c', true, 'New'));
    expect(published(client).map((c) => c._id)).toEqual(['c', 'a', 'b']);
    expect(published(client)[0]).not.toHaveProperty('enrolledStudents');
    expect(published(client)[0]).not.toHaveProperty('earnings');
    expect(client.getQueryData<Course[]>(queryKeys.creatorCourses)?.[1].isPublished).toBe(true);
  });

  it('replaces a published course in place and removes an unpublished one', () => {
    const client = setup();
    applySavedCourse(client, course('b', true, 'Renamed'));
    expect(published(client).map((c) => c.title)).toEqual(['a', 'Renamed']);
    applySavedCourse(client, course('a', false));
    expect(published(client).map((c) => c._id)).toEqual(['b']);
  });

  it('drops a deleted course from every list', () => {
    const client = setup();
    applyRemovedCourse(client, 'a');
    expect(published(client).map((c) => c._id)).toEqual(['b']);
    expect(client.getQueryData<Course[]>(queryKeys.creatorCourses)?.map((c) => c._id)).toEqual(['c']);
  });

  it('marks the reviews and enrolled courses stale after an unpublish or a delete', () => {
    const client = setup();
    client.setQueryData(queryKeys.allReviews, []);
    client.setQueryData(queryKeys.enrolledCourses, []);
    const stale = () =>
      [queryKeys.allReviews, queryKeys.enrolledCourses].map(
        (queryKey) => client.getQueryState(queryKey)?.isInvalidated,
      );
    applySavedCourse(client, course('a', false));
    expect(stale()).toEqual([true, true]);

    const other = setup();
    other.setQueryData(queryKeys.allReviews, []);
    applyRemovedCourse(other, 'a');
    expect(other.getQueryState(queryKeys.allReviews)?.isInvalidated).toBe(true);
  });
});
