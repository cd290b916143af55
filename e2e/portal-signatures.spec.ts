// Signatures in the client portal (issue 32): the agent sends a PDF for signature from the Documents
// card; the client reads it, signs after agreeing — typed (1280 and 390 px), drawn with the mouse,
// drawn with a finger on a phone, or typed by a keyboard user whom the pad does not hold — and
// downloads the signed copy, whose certificate page holds both SHA-256 hashes and how it was signed.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { PDFDocument, PDFName, PDFRawStream, StandardFonts } from '@cantoo/pdf-lib';
import { SIGNATURE_TEXT } from '#shared/portal-messages.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { createAccount, expect, shot, signInAs, test, uniqueEmail } from './support/fixtures.ts';
import { readMail } from './support/mail.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });
const DOC = 'Broker letter.pdf';

async function contractPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText('Broker of record letter', { x: 50, y: 700, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

/** The agent (on `page`) sends a PDF to a new portal client for signature; the client signs in to the portal in a browser of their own. */
async function sentForSignature(page: Page, browser: Browser, client: BrowserContextOptions) {
  const agent = await createAccount(page.request, { plan: 'business', company: 'Signet Insurance', firstName: 'Sid', lastName: 'Signet' });
  await signInAs(page, agent.email, agent.password);
  const clientEmail = uniqueEmail('signer');
  const customer = await (await page.request.post('/api/customers', { data: { name: 'Sasha Signer', email: clientEmail } })).json();
  expect((await page.request.post(`/api/customers/${customer.id}/portal/invite`)).status()).toBe(200);
  const uploaded = await page.request.post('/api/documents/upload', {
    multipart: { customer_id: customer.id, file: { name: DOC, mimeType: 'application/pdf', buffer: await contractPdf() } },
  });
  expect(uploaded.status()).toBe(201);

  await page.goto(`/dashboard/customers/${customer.id}`);
  await page.getByRole('button', { name: `Request signature on ${DOC}` }).click();
  await expect(toast(page, 'Signature requested. The client was told by e-mail.')).toBeVisible();
  await expect(page.locator('#portal-signatures').getByRole('list', { name: 'Signature requests' })).toContainText('Waiting for signature');
  await readMail(clientEmail, /asks you to sign a document/);

  const context = await browser.newContext(client);
  const portal = await context.newPage();
  await portal.goto('/portal');
  await portal.getByLabel('Email').fill(clientEmail);
  await portal.getByRole('button', { name: 'Send me a code' }).click();
  await expect(portal.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await portal.getByLabel('6-digit code').fill(/(\d{6})/.exec((await readMail(clientEmail, /sign-in code/)).subject)![1]);
  await portal.getByRole('button', { name: 'Sign in' }).click();
  const toSign = portal.getByRole('list', { name: 'Documents to sign' });
  await expect(toSign).toContainText(DOC);
  return { customer, clientEmail, context, portal, toSign };
}

/** The signed copy the client downloads: its text, its bytes, and the agent's record of the request. */
async function signedCopy(page: Page, portal: Page, toSign: Locator, customerId: string) {
  await expect(toast(portal, 'Thank you. The document is signed')).toBeVisible();
  await expect(toSign).toContainText('Signed');
  const downloading = portal.waitForEvent('download');
  await toSign.getByRole('link', { name: `Download the signed copy of ${DOC}` }).click();
  const bytes = new Uint8Array(readFileSync((await (await downloading).path())!));
  const [request] = (await (await page.request.get(`/api/customers/${customerId}/signatures`)).json()).requests;
  expect(request.state).toBe('signed');
  return { text: await pdfText(bytes), bytes, request };
}

/** The images the PDF holds (a drawn signature is one, with its transparency mask; a typed one is text). */
async function imageCount(bytes: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(bytes);
  let n = 0;
  for (const [, obj] of doc.context.enumerateIndirectObjects()) if (obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype'))?.toString() === '/Image') n++;
  return n;
}

/** A stroke across the pad, from its left to its right, as `steps` moves. */
function strokeOver(box: { x: number; y: number; width: number; height: number }, steps = 12) {
  return Array.from({ length: steps + 1 }, (_, i) => ({ x: box.x + box.width * (0.1 + (0.8 * i) / steps), y: box.y + box.height * (0.5 + 0.3 * Math.sin(i)) }));
}

for (const width of [1280, 390]) {
  test(`the agent sends a PDF for signature; the client signs it and keeps the signed copy with its certificate (${width} px)`, async ({ page, browser }) => {
    test.slow(); // two people, two browsers, mail and a PDF
    const viewport = { width, height: width > 500 ? 900 : 844 };
    await page.setViewportSize(viewport);
    const { customer, clientEmail, context, portal: client, toSign } = await sentForSignature(page, browser, { viewport });
    await expect(toSign.getByRole('link', { name: `Read ${DOC}` })).toHaveAttribute('href', /\/api\/portal\/signatures\/.+\/document/);
    await toSign.getByRole('button', { name: `Sign ${DOC}` }).click();
    const dialog = client.getByRole('dialog', { name: 'Sign the document' });
    await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(dialog.getByText('Please type your full name.')).toBeVisible();
    await expect(dialog.getByText('Please draw or type your signature.')).toBeVisible();
    await expect(dialog.getByText('Please confirm that you agree to sign electronically.')).toBeVisible();
    await dialog.getByLabel('Your full name').fill('Sasha Signer');
    await dialog.getByLabel('Type your signature').fill('Sasha Signer');
    await dialog.getByRole('checkbox').check();
    await shot(client, 'portal-sign');
    await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
    const { text, request } = await signedCopy(page, client, toSign, customer.id);
    for (const fact of ['SIGNATURE CERTIFICATE', 'Broker of record letter', 'Sasha Signer', clientEmail, request.original_sha256, request.signed_sha256, 'Typed']) expect(text).toContain(fact);

    await page.reload();
    const requests = page.locator('#portal-signatures');
    await expect(requests.getByRole('list', { name: 'Signature requests' })).toContainText('Signed');
    await expect(requests).toContainText(request.signed_sha256);
    // the Documents card marks the signed copy and offers no second request on it; the original keeps its button
    const SIGNED = 'Broker letter (signed).pdf';
    const copyRow = page.getByTestId('document-row').filter({ hasText: SIGNED });
    await expect(copyRow.getByText('Signed copy')).toBeVisible();
    expect(await copyRow.getByRole('button', { name: `Request signature on ${SIGNED}` }).count()).toBe(0);
    await expect(page.getByRole('button', { name: `Request signature on ${DOC}` })).toBeVisible();
    await shot(page, 'portal-signatures-agent');
    await context.close();
  });
}

test('the client draws the signature with the mouse; the certificate says it was drawn and the signature page holds the drawing', async ({ page, browser }) => {
  test.slow();
  const { customer, clientEmail, context, portal, toSign } = await sentForSignature(page, browser, { viewport: { width: 1280, height: 900 } });
  await toSign.getByRole('button', { name: `Sign ${DOC}` }).click();
  const dialog = portal.getByRole('dialog', { name: 'Sign the document' });
  await dialog.getByLabel('Your full name').fill('Sasha Signer');
  await dialog.getByRole('radio', { name: 'Draw it' }).check();
  await dialog.getByRole('checkbox').check();
  // an untouched pad is no signature
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(dialog.getByText('Please draw or type your signature.')).toBeVisible();

  const pad = dialog.getByRole('img', { name: 'Draw your signature' });
  const [start, ...rest] = strokeOver((await pad.boundingBox())!);
  await portal.mouse.move(start.x, start.y);
  await portal.mouse.down();
  for (const p of rest) await portal.mouse.move(p.x, p.y);
  await portal.mouse.up();
  await shot(portal, 'portal-sign-drawn');
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  const { text, bytes, request } = await signedCopy(page, portal, toSign, customer.id);
  for (const fact of ['SIGNATURE CERTIFICATE', 'Sasha Signer', clientEmail, request.original_sha256, request.signed_sha256, 'Drawn']) expect(text).toContain(fact);
  expect(text).not.toContain('Typed');
  expect(await imageCount(bytes)).toBeGreaterThan(0);
  await context.close();
});

test('on a phone (390 px, touch) the client draws the signature with a finger', async ({ page, browser }) => {
  test.slow();
  const { customer, context, portal, toSign } = await sentForSignature(page, browser, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await toSign.getByRole('button', { name: `Sign ${DOC}` }).tap();
  const dialog = portal.getByRole('dialog', { name: 'Sign the document' });
  await dialog.getByLabel('Your full name').fill('Sasha Signer');
  await dialog.getByRole('radio', { name: 'Draw it' }).tap();
  const pad = dialog.getByRole('img', { name: 'Draw your signature' });
  await pad.scrollIntoViewIfNeeded();
  // a finger on the glass: touch events through the browser's input pipeline, which makes them pointer events (pointerType touch)
  const cdp = await context.newCDPSession(portal);
  const [start, ...rest] = strokeOver((await pad.boundingBox())!);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: start.x, y: start.y }] });
  for (const p of rest) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: p.x, y: p.y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await dialog.getByRole('checkbox').tap();
  await shot(portal, 'portal-sign-drawn-phone');
  await dialog.getByRole('button', { name: 'Sign', exact: true }).tap();
  const { text, bytes, request } = await signedCopy(page, portal, toSign, customer.id);
  for (const fact of [request.original_sha256, request.signed_sha256, 'Drawn']) expect(text).toContain(fact);
  expect(await imageCount(bytes)).toBeGreaterThan(0);
  await context.close();
});

test('a keyboard user can pass the drawing pad and type the signature instead', async ({ page, browser }) => {
  test.slow();
  const { customer, context, portal, toSign } = await sentForSignature(page, browser, { viewport: { width: 1280, height: 900 } });
  await toSign.getByRole('button', { name: `Sign ${DOC}` }).focus();
  await portal.keyboard.press('Enter');
  const dialog = portal.getByRole('dialog', { name: 'Sign the document' });
  await dialog.getByLabel('Your full name').focus();
  await portal.keyboard.type('Sasha Signer');
  await portal.keyboard.press('Tab');
  await expect(dialog.getByRole('radio', { name: 'Type it' })).toBeFocused();
  // choose drawing with the arrow keys, then leave the pad with Tab: it takes no focus and holds none
  await portal.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Draw it' })).toBeChecked();
  await expect(dialog.getByRole('img', { name: 'Draw your signature' })).toHaveAccessibleDescription(SIGNATURE_TEXT.drawHint);
  await expect(dialog.getByText(SIGNATURE_TEXT.drawHint)).toBeVisible();
  await portal.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Clear' })).toBeFocused();
  await portal.keyboard.press('Tab');
  await expect(dialog.getByRole('checkbox')).toBeFocused();
  // back to the choice, and type instead
  await portal.keyboard.press('Shift+Tab');
  await portal.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('radio', { name: 'Draw it' })).toBeFocused();
  await portal.keyboard.press('ArrowLeft');
  await expect(dialog.getByRole('radio', { name: 'Type it' })).toBeChecked();
  await portal.keyboard.press('Tab');
  await expect(dialog.getByLabel('Type your signature')).toBeFocused();
  await portal.keyboard.type('Sasha Signer');
  await portal.keyboard.press('Tab');
  await expect(dialog.getByRole('checkbox')).toBeFocused();
  await portal.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox')).toBeChecked();
  await portal.keyboard.press('Tab');
  await portal.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Sign', exact: true })).toBeFocused();
  await portal.keyboard.press('Enter');
  const { text, bytes, request } = await signedCopy(page, portal, toSign, customer.id);
  for (const fact of [request.original_sha256, request.signed_sha256, 'Typed']) expect(text).toContain(fact);
  expect(await imageCount(bytes)).toBe(0);
  await context.close();
});
