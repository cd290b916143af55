// Signatures in the client portal (issue 32): the agent sends a PDF for signature from the Documents
// card; the client reads it, signs with a typed signature after agreeing, and downloads the signed
// copy, whose certificate page holds both SHA-256 hashes; the agent sees it signed. 1280 and 390 px.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdfText } from '#server/test/pdf-text.ts';
import { createAccount, expect, shot, signInAs, test, uniqueEmail } from './support/fixtures.ts';
import { readMail } from './support/mail.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });

async function contractPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText('Broker of record letter', { x: 50, y: 700, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

for (const width of [1280, 390]) {
  test(`the agent sends a PDF for signature; the client signs it and keeps the signed copy with its certificate (${width} px)`, async ({ page, browser }) => {
    test.slow(); // two people, two browsers, mail and a PDF
    const viewport = { width, height: width > 500 ? 900 : 844 };
    await page.setViewportSize(viewport);
    const agent = await createAccount(page.request, { plan: 'business', company: 'Signet Insurance', firstName: 'Sid', lastName: 'Signet' });
    await signInAs(page, agent.email, agent.password);
    const clientEmail = uniqueEmail('signer');
    const customer = await (await page.request.post('/api/customers', { data: { name: 'Sasha Signer', email: clientEmail } })).json();
    expect((await page.request.post(`/api/customers/${customer.id}/portal/invite`)).status()).toBe(200);
    const uploaded = await page.request.post('/api/documents/upload', {
      multipart: { customer_id: customer.id, file: { name: 'Broker letter.pdf', mimeType: 'application/pdf', buffer: await contractPdf() } },
    });
    expect(uploaded.status()).toBe(201);

    await page.goto(`/dashboard/customers/${customer.id}`);
    await page.getByRole('button', { name: 'Request signature on Broker letter.pdf' }).click();
    await expect(toast(page, 'Signature requested. The client was told by e-mail.')).toBeVisible();
    const requests = page.locator('#portal-signatures');
    await expect(requests.getByRole('list', { name: 'Signature requests' })).toContainText('Waiting for signature');
    await readMail(clientEmail, /asks you to sign a document/);

    const context = await browser.newContext({ viewport });
    const client = await context.newPage();
    await client.goto('/portal');
    await client.getByLabel('Email').fill(clientEmail);
    await client.getByRole('button', { name: 'Send me a code' }).click();
    await expect(client.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await client.getByLabel('6-digit code').fill(/(\d{6})/.exec((await readMail(clientEmail, /sign-in code/)).subject)![1]);
    await client.getByRole('button', { name: 'Sign in' }).click();

    const toSign = client.getByRole('list', { name: 'Documents to sign' });
    await expect(toSign).toContainText('Broker letter.pdf');
    await expect(toSign.getByRole('link', { name: 'Read Broker letter.pdf' })).toHaveAttribute('href', /\/api\/portal\/signatures\/.+\/document/);
    await toSign.getByRole('button', { name: 'Sign Broker letter.pdf' }).click();
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
    await expect(toast(client, 'Thank you. The document is signed')).toBeVisible();
    await expect(toSign).toContainText('Signed');

    const downloading = client.waitForEvent('download');
    await toSign.getByRole('link', { name: 'Download the signed copy of Broker letter.pdf' }).click();
    const text = await pdfText(new Uint8Array(readFileSync((await (await downloading).path())!)));
    const [request] = (await (await page.request.get(`/api/customers/${customer.id}/signatures`)).json()).requests;
    expect(request.state).toBe('signed');
    for (const fact of ['SIGNATURE CERTIFICATE', 'Broker of record letter', 'Sasha Signer', clientEmail, request.original_sha256, request.signed_sha256]) expect(text).toContain(fact);

    await page.reload();
    await expect(requests.getByRole('list', { name: 'Signature requests' })).toContainText('Signed');
    await expect(requests).toContainText(request.signed_sha256);
    await shot(page, 'portal-signatures-agent');
    await context.close();
  });
}
