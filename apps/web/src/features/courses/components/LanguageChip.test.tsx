import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { LanguageChip } from './LanguageChip';

describe('a course’s language label', () => {
  it('names a language other than English by its own name, with the English one for the course page', () => {
    const { unmount } = renderWithProviders(<LanguageChip language="hi" />);
    expect(screen.getByText('हिन्दी')).toHaveAttribute('lang', 'hi');
    // Cards show the own name; the English one is read out, not shown.
    expect(screen.getByText('(Hindi)')).toHaveClass('sr-only');
    unmount();
    renderWithProviders(<LanguageChip language="ta" english />);
    expect(screen.getByText('தமிழ்').parentElement).toHaveTextContent('Course language: தமிழ் · Tamil');
  });

  it('shows nothing for English (the usual case) or an unknown language', () => {
    const { container } = renderWithProviders(
      <>
        <LanguageChip language="en" english />
        <LanguageChip />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
