import { describe, expect, it } from 'vitest';
import { DEMO, newPage, signInAs } from './browser';

describe('Search with AI', () => {
  it('finds courses for a question typed in plain words, and links each result to its course', async () => {
    const { page, context, errors } = await newPage();
    await signInAs(page, DEMO.student);
    await page.goto('/searchwithai');
    await page.getByLabel('What do you want to learn?').fill('pentesting for beginners');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'AI Search Results' }).waitFor();
    const cards = page.locator('main ul > li');
    expect(await cards.count()).toBeGreaterThan(0);
    // The best answers are the ethical hacking courses, though no title says "pentesting".
    await expect(cards.first().textContent()).resolves.toMatch(/Ethical Hacking/);
    await cards.first().getByRole('link').first().click();
    await page.waitForURL(/\/viewcourse\/[0-9a-f-]{36}$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says 'No Courses Found' when nothing fits instead of padding the list", async () => {
    const { page, context } = await newPage();
    await signInAs(page, DEMO.student);
    await page.goto('/searchwithai');
    await page.getByLabel('What do you want to learn?').fill('qwzx plmk vbnr');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No Courses Found').waitFor();
    expect(await page.getByRole('heading', { name: 'AI Search Results' }).count()).toBe(0);
    await context.close();
  });

  it('disables the microphone, with the reason, where the browser has no speech recognition', async () => {
    const { page, context } = await newPage();
    await page.addInitScript(() => {
      // biome-ignore lint/suspicious/noExplicitAny: removing browser globals for this test
      const w = window as any;
      delete w.SpeechRecognition;
      delete w.webkitSpeechRecognition;
    });
    await signInAs(page, DEMO.student);
    await page.goto('/searchwithai');
    const mic = page.getByRole('button', { name: /Search by voice/ });
    await expect(mic.isDisabled()).resolves.toBe(true);
    await expect(mic.getAttribute('aria-label')).resolves.toMatch(/not supported/);
    await context.close();
  });
});
