import { type Coupon, MESSAGES } from '@kaksha/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import { CouponManager } from './CouponManager';

const courses = [
  { _id: 'c1', title: 'Full-Stack Web Development', price: 1299 },
  { _id: 'c2', title: 'Python for Data Science', price: 499 },
];
const coupon = (over: Partial<Coupon>): Coupon => ({
  _id: 'k1',
  code: 'DIWALI-25',
  courseId: 'c1',
  courseTitle: 'Full-Stack Web Development',
  type: 'percent',
  value: 25,
  maxRedemptions: 50,
  perUserLimit: 1,
  startsAt: null,
  expiresAt: '2099-11-01T06:30:00.000Z',
  active: true,
  createdAt: '2026-10-01T00:00:00.000Z',
  redemptions: 3,
  revenue: 2922.75,
  ...over,
});

let coupons: Coupon[];
let calls: { method: string; path: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  coupons = [
    coupon({}),
    coupon({
      _id: 'k2',
      code: 'LAUNCH',
      courseId: null,
      courseTitle: null,
      type: 'fixed',
      value: 200,
      maxRedemptions: null,
      expiresAt: null,
      redemptions: 0,
      revenue: 0,
    }),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: String(url), body });
      if (url === '/api/coupon/mine') return json({ coupons });
      if (url === '/api/coupon/create') {
        if (body.code === 'TAKEN')
          return json(
            { message: 'You already have a coupon TAKEN', fields: { code: 'You already have a coupon TAKEN' } },
            409,
          );
        const created = coupon({ _id: 'k3', ...body, courseTitle: null, redemptions: 0, revenue: 0 });
        coupons = [created, ...coupons];
        return json({ message: MESSAGES.couponCreated, coupon: created });
      }
      const edit = /^\/api\/coupon\/edit\/(\w+)$/.exec(url);
      if (edit) {
        coupons = coupons.map((c) => (c._id === edit[1] ? { ...c, ...body } : c));
        return json({ message: MESSAGES.couponUpdated, coupon: coupons.find((c) => c._id === edit[1]) });
      }
      if (url === '/api/coupon/remove/k1') {
        // Used: deactivated instead.
        coupons = coupons.map((c) => (c._id === 'k1' ? { ...c, active: false } : c));
        return json({ message: MESSAGES.couponDeactivated, removed: false, coupon: coupons[0] });
      }
      return json({ message: 'no route' }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const fn of Object.values(toast)) fn.mockReset();
});

const renderManager = () => renderWithProviders(<CouponManager courses={courses} />);
/** The wide screen's table (the phone's cards hold the same). */
const table = async () => screen.findByRole('table');
const row = async (code: string) => (await within(await table()).findByText(code)).closest('tr') as HTMLElement;

describe('CouponManager', () => {
  it('lists each coupon: code, course or All courses, discount, redemptions of the maximum, revenue, expiry, status', async () => {
    renderManager();
    const diwali = await row('DIWALI-25');
    expect(
      within(diwali)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'DIWALI-25',
      'Full-Stack Web Development',
      '25% off',
      '3 / 50',
      '₹ 2,922.75',
      '1 Nov 2099',
      'Active',
      expect.stringContaining('Share'),
    ]);
    const launch = await row('LAUNCH');
    expect(launch).toHaveTextContent('All courses');
    expect(launch).toHaveTextContent('₹ 200 off');
    expect(launch).toHaveTextContent('0 (no limit)');
    expect(launch).toHaveTextContent('Never');
  });

  it('creates a coupon for all courses: the request, the toast, and the form emptied', async () => {
    const user = userEvent.setup();
    renderManager();
    const form = screen.getByRole('form', { name: 'Create coupon' });
    await user.type(within(form).getByLabelText('Code'), 'new year');
    await user.selectOptions(within(form).getByLabelText('Discount type'), 'Fixed amount off (₹)');
    await user.type(within(form).getByLabelText('Amount off (₹)'), '150');
    await user.type(within(form).getByLabelText('Maximum redemptions (optional)'), '100');
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }));
    // Spaces are not part of a code: the same normalising the server does.
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Coupon created'));
    expect(calls.find((c) => c.path === '/api/coupon/create')?.body).toEqual({
      code: 'NEWYEAR',
      courseId: null,
      type: 'fixed',
      value: 150,
      maxRedemptions: 100,
      perUserLimit: 1,
      startsAt: null,
      expiresAt: null,
    });
    expect(within(form).getByLabelText('Code')).toHaveValue('');
    expect(await row('NEWYEAR')).toBeInTheDocument();
  });

  it('checks the form first, and shows the server’s field messages under their inputs', async () => {
    const user = userEvent.setup();
    renderManager();
    const form = screen.getByRole('form', { name: 'Create coupon' });
    await user.type(within(form).getByLabelText('Code'), 'ab');
    await user.selectOptions(within(form).getByLabelText('Course'), 'Python for Data Science');
    await user.selectOptions(within(form).getByLabelText('Discount type'), 'Fixed amount off (₹)');
    await user.type(within(form).getByLabelText('Amount off (₹)'), '499');
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }));
    expect(within(form).getByLabelText('Code')).toHaveAccessibleDescription(
      'Code must be 4 to 20 letters, digits or hyphens',
    );
    expect(within(form).getByLabelText('Amount off (₹)')).toHaveAccessibleDescription(
      'A fixed discount must be below the course price (₹499)',
    );
    expect(calls.some((c) => c.path === '/api/coupon/create')).toBe(false);

    await user.clear(within(form).getByLabelText('Code'));
    await user.type(within(form).getByLabelText('Code'), 'TAKEN');
    await user.clear(within(form).getByLabelText('Amount off (₹)'));
    await user.type(within(form).getByLabelText('Amount off (₹)'), '100');
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Code')).toHaveAccessibleDescription('You already have a coupon TAKEN'),
    );
    expect(toast.error).toHaveBeenCalledWith('You already have a coupon TAKEN');
  });

  it('copies a share link to the clipboard: the course page with ?coupon=CODE', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderManager();
    await user.click(within(await row('DIWALI-25')).getByRole('button', { name: 'Share link for DIWALI-25' }));
    const dialog = screen.getByRole('dialog', { name: 'Share DIWALI-25' });
    expect(within(dialog).getByLabelText('Share link')).toHaveValue(
      `${window.location.origin}/viewcourse/c1?coupon=DIWALI-25`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/viewcourse/c1?coupon=DIWALI-25`);
    expect(toast.success).toHaveBeenCalledWith('Link copied');

    // A coupon for all courses: one link per course, the educator picks which.
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await user.click(within(await row('LAUNCH')).getByRole('button', { name: 'Share link for LAUNCH' }));
    const all = screen.getByRole('dialog', { name: 'Share LAUNCH' });
    await user.selectOptions(within(all).getByLabelText('Course'), 'Python for Data Science');
    expect(within(all).getByLabelText('Share link')).toHaveValue(
      `${window.location.origin}/viewcourse/c2?coupon=LAUNCH`,
    );
  });

  it('deactivates and activates a coupon', async () => {
    const user = userEvent.setup();
    renderManager();
    await user.click(within(await row('DIWALI-25')).getByRole('button', { name: 'Deactivate DIWALI-25' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Coupon updated'));
    expect(calls.find((c) => c.path === '/api/coupon/edit/k1')?.body).toEqual({ active: false });
    const diwali = await row('DIWALI-25');
    await waitFor(() => expect(diwali).toHaveTextContent('Inactive'));
    await user.click(within(diwali).getByRole('button', { name: 'Activate DIWALI-25' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/coupon/edit/k1').at(-1)?.body).toEqual({ active: true }),
    );
  });

  it('deleting a used coupon deactivates it: the server’s message in a toast', async () => {
    const user = userEvent.setup();
    renderManager();
    await user.click(within(await row('DIWALI-25')).getByRole('button', { name: 'Delete DIWALI-25' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete DIWALI-25?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith(MESSAGES.couponDeactivated));
    expect(calls.find((c) => c.path === '/api/coupon/remove/k1')?.method).toBe('DELETE');
    await waitFor(async () => expect(await row('DIWALI-25')).toHaveTextContent('Inactive'));
  });
});
