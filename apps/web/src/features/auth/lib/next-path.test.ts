import { describe, expect, it } from 'vitest';
import { safeNextPath, withNext } from './next-path';

describe('safeNextPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeNextPath('/viewcourse/c1')).toBe('/viewcourse/c1');
    expect(safeNextPath('/allcourses?category=AI%2FML&page=2')).toBe('/allcourses?category=AI%2FML&page=2');
    expect(safeNextPath('/viewlecture/c1#notes')).toBe('/viewlecture/c1#notes');
  });

  it.each([
    ['absolute URL', 'https://evil.example/steal'],
    ['another scheme', 'javascript:alert(1)'],
    ['data URL', 'data:text/html,<script>alert(1)</script>'],
    ['protocol-relative', '//evil.example/x'],
    ['backslash protocol-relative', '/\\evil.example'],
    ['tab hidden in //', '/\t/evil.example'],
    ['line break hidden in //', '/\n/evil.example'],
    ['NUL', '/allcourses\u0000'],
    ['C1 control', '/allcourses\u0085'],
    ['relative path', 'allcourses'],
    ['scheme-relative with spaces', ' //evil.example'],
  ])('refuses %s → /', (_kind, next) => {
    expect(safeNextPath(next)).toBe('/');
  });

  it('is / without a next', () => {
    expect(safeNextPath(null)).toBe('/');
    expect(safeNextPath(undefined)).toBe('/');
    expect(safeNextPath('')).toBe('/');
  });
});

describe('withNext', () => {
  it('keeps next on a link, encoded, and leaves it out when it is home', () => {
    expect(withNext('/login', '/allcourses?category=AI%2FML')).toBe('/login?next=%2Fallcourses%3Fcategory%3DAI%252FML');
    expect(withNext('/login', '/')).toBe('/login');
  });
});
