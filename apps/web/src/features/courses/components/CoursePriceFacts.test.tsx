import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoursePriceFacts } from './CoursePriceFacts';
import { lectureLength, reviewCountText, videoContentText } from './course-figures';

const facts = {
  avgRating: 4.5,
  reviewCount: 0,
  price: 499,
  listPrice: null,
  totalDurationSeconds: null,
};

describe('the course page’s figures are the course’s own', () => {
  it('shows the review count only when there are reviews, singular for one', () => {
    const { rerender } = render(<CoursePriceFacts course={facts} />);
    expect(screen.queryByText(/review/)).toBeNull();
    rerender(<CoursePriceFacts course={{ ...facts, reviewCount: 1 }} />);
    expect(screen.getByText('(1 review)')).toBeInTheDocument();
    rerender(<CoursePriceFacts course={{ ...facts, reviewCount: 1204 }} />);
    expect(screen.getByText('(1,204 reviews)')).toBeInTheDocument();
    expect(screen.queryByText('(1,200 reviews)')).toBeNull();
  });

  it('strikes through the list price only when the educator set one above the price, never on a free course', () => {
    const { container, rerender } = render(<CoursePriceFacts course={facts} />);
    expect(container.querySelector('s')).toBeNull();
    rerender(<CoursePriceFacts course={{ ...facts, listPrice: 999 }} />);
    expect(container.querySelector('s')).toHaveTextContent('List price ₹ 999');
    rerender(<CoursePriceFacts course={{ ...facts, listPrice: 499 }} />);
    expect(container.querySelector('s')).toBeNull();
    rerender(<CoursePriceFacts course={{ ...facts, price: 0, listPrice: 599 }} />);
    expect(container.querySelector('s')).toBeNull();
    expect(screen.getByText('Free')).toBeInTheDocument();
    rerender(<CoursePriceFacts course={{ ...facts, price: null, listPrice: 599 }} />);
    expect(container.querySelector('s')).toBeNull();
  });

  it('says how much video there is once measured, and keeps lifetime access', () => {
    const { rerender } = render(<CoursePriceFacts course={facts} />);
    expect(screen.queryByText(/of video content/)).toBeNull();
    expect(screen.getByText('Lifetime access to course materials')).toBeInTheDocument();
    rerender(<CoursePriceFacts course={{ ...facts, totalDurationSeconds: 2.5 * 3600 }} />);
    expect(screen.getByText('2 hours of video content')).toBeInTheDocument();
    rerender(<CoursePriceFacts course={{ ...facts, totalDurationSeconds: 45 * 60 + 59 }} />);
    expect(screen.getByText('45 minutes of video content')).toBeInTheDocument();
    rerender(<CoursePriceFacts course={{ ...facts, totalDurationSeconds: 0 }} />);
    expect(screen.queryByText(/of video content/)).toBeNull();
    expect(screen.queryByText('10+ hours of video content')).toBeNull();
  });

  it('words and clocks', () => {
    expect(reviewCountText(0)).toBeNull();
    expect(videoContentText(3600)).toBe('1 hour of video content');
    expect(videoContentText(60)).toBe('1 minute of video content');
    expect(videoContentText(59)).toBeNull();
    expect(videoContentText(12 * 3600 + 3599)).toBe('12 hours of video content');
    expect(lectureLength(245)).toBe('4:05');
    expect(lectureLength(3729.4)).toBe('1:02:09');
    expect(lectureLength(null)).toBeNull();
    expect(lectureLength(0)).toBeNull();
  });
});
