import { expect, expectAccessible, test } from './support.ts';

// The check every screen relies on must be able to fail: on the top document and inside a same-origin frame.
test('the accessibility check reports a violation on the page and inside a frame', async ({ page }) => {
  await page.goto('/en/accessibility');
  await expectAccessible(page);
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = '/favicon.ico';
    document.querySelector('main')?.append(image);
    const frame = document.createElement('iframe');
    frame.title = 'Test frame';
    frame.srcdoc = '<!doctype html><html lang="en"><title>Frame</title><main><button></button></main></html>';
    document.querySelector('main')?.append(frame);
  });
  await expect.poll(() => page.frames().length).toBe(2);
  await page.frames()[1]!.waitForLoadState();
  const failure = await expectAccessible(page).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toMatch(/360px image-alt/);
  expect(failure).toMatch(/1280px image-alt/);
  expect(failure).toMatch(/button-name/);
});
