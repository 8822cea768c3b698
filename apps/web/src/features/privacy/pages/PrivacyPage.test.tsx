import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import PrivacyPage from './PrivacyPage';

describe('the privacy page', () => {
  it('says what is stored, why, for how long, and how to download or delete it', () => {
    renderWithProviders(<PrivacyPage />, { user: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What we store' })).toBeInTheDocument();
    expect(screen.getAllByText('Why')).toHaveLength(8);
    expect(screen.getByText(/Tax documents 72 months \(CGST Act s\.36\)/)).toBeInTheDocument();
    expect(screen.getByText(/Raw events 400 days by default/)).toBeInTheDocument();
    expect(screen.getByText(/BACKUP_KEEP/)).toBeInTheDocument();
    expect(screen.getByText(/Download my data gives a ZIP/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Your data on your profile' })).toHaveAttribute(
      'href',
      '/profile#your-data',
    );
  });

  it('reads in Hindi', () => {
    renderWithProviders(<PrivacyPage />, { user: null, locale: 'hi' });
    expect(screen.getByRole('heading', { level: 1, name: 'गोपनीयता' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'आपके अधिकार' })).toBeInTheDocument();
  });
});
