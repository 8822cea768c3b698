import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PostText, splitBlocks } from './PostText';

describe('a post as text', () => {
  it('shows HTML as the characters typed, never as markup', () => {
    const { container } = render(<PostText text={'<img src=x onerror="alert(1)"> <b>bold</b>'} />);
    expect(container.querySelector('img, b')).toBeNull();
    expect(screen.getByText('<img src=x onerror="alert(1)"> <b>bold</b>')).toBeInTheDocument();
  });

  it('keeps line breaks, and draws ``` blocks and `inline` code as code', () => {
    const text = 'My CSS:\nline two\n```css\n.parent {\n  display: flex;\n}\n```\nThen `margin: auto` fails.';
    const { container } = render(<PostText text={text} />);
    const code = container.querySelector('pre > code');
    expect(code?.textContent).toBe('.parent {\n  display: flex;\n}');
    const paragraphs = container.querySelectorAll('p');
    expect(paragraphs[0]?.textContent).toBe('My CSS:\nline two');
    expect(paragraphs[0]).toHaveClass('whitespace-pre-wrap');
    expect(paragraphs[1]?.querySelector('code')?.textContent).toBe('margin: auto');
  });

  it('runs an unclosed block to the end', () => {
    expect(splitBlocks('see:\n```\nconst a = 1;')).toEqual([
      { code: false, text: 'see:' },
      { code: true, text: 'const a = 1;' },
    ]);
  });
});
