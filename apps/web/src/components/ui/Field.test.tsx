import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Select, TextArea, TextInput } from './Field';
import { FileInput } from './FileInput';

describe('Field errors', () => {
  it('show beside their control, which is marked invalid and described by them', () => {
    render(
      <>
        <TextInput label="Title" error="Title is required" hint="Shown on the card" />
        <TextArea label="Description" error="Description is too long" />
        <Select label="Category" options={['AI/ML']} placeholder="Select category" error="Choose a category" />
        <FileInput label="Course Thumbnail" error="Images must be 5 MB or smaller" />
      </>,
    );
    for (const [label, message] of [
      ['Title', 'Title is required'],
      ['Description', 'Description is too long'],
      ['Category', 'Choose a category'],
      ['Course Thumbnail', 'Images must be 5 MB or smaller'],
    ]) {
      const control = screen.getByLabelText(label);
      expect(control, label).toHaveAttribute('aria-invalid', 'true');
      expect(control, label).toHaveAccessibleDescription(message);
    }
    // The hint gives way to the error.
    expect(screen.queryByText('Shown on the card')).toBeNull();
  });

  it('without an error: a hint describes the control, nothing is marked invalid', () => {
    render(
      <>
        <TextInput label="Title" hint="Shown on the card" />
        <Select label="Category" options={['AI/ML']} />
      </>,
    );
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Shown on the card');
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Category')).not.toHaveAttribute('aria-invalid');
  });
});
