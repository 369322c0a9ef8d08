import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectBrowserErrors, expectNoSeriousViolations, SCREENSHOTS, screenshots, setUpProject, signIn, tokenFor } from './support';

/** The files of the journey, as bytes the test knows: what is downloaded is compared with them. */
const FILES = [
  {
    name: 'risk-method.md',
    type: 'text/markdown',
    text: [
      '# AI risk management methodology',
      '',
      'This document is the AI risk method of the organization. It sets the scope of risk work, the risk sources we look at',
      '(health, safety, fundamental rights, security, legal, financial, reputational), the likelihood and impact scales,',
      'the criteria for acceptable risk and the risk tolerance agreed by management.',
      '',
      'Every AI risk is assessed consistently against these criteria; the depth of the risk assessment scales with the system’s risk.',
      'The method is published so that risk outcomes are transparent and comparable.',
      '',
    ].join('\n'),
  },
  {
    name: 'ai-policy.txt',
    type: 'text/plain',
    text: 'AI policy of the organization, approved by top management. It states which systems, units and roles it covers, the principles we commit to — safety, fairness, transparency, privacy, human oversight, accountability — and the uses of AI we prohibit.\n',
  },
  {
    name: 'latency-benchmarks.csv',
    type: 'text/csv',
    text: 'endpoint,p50_ms,p95_ms\n/score,41,97\n/explain,120,310\n',
  },
] as const;
const TOO_LARGE = 'full-training-dump.bin';
const bytesOf = (text: string) => Buffer.from(text, 'utf8');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Drops files on the drop zone as a person's drag would: a DataTransfer built in the page from the
 * bytes, plus (when named) a file one byte over 100 MB made there too — nothing of it on disk.
 */
async function dropFiles(page: Page, zone: Locator, files: ReadonlyArray<{ name: string; type: string; text: string }>, tooLarge?: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ files, tooLarge }) => {
      const transfer = new DataTransfer();
      for (const file of files) transfer.items.add(new File([new TextEncoder().encode(file.text)], file.name, { type: file.type }));
      if (tooLarge) transfer.items.add(new File([new Uint8Array(104_857_601)], tooLarge, { type: 'application/octet-stream' }));
      return transfer;
    },
    { files: files.map(({ name, type, text }) => ({ name, type, text })), tooLarge },
  );
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  await dataTransfer.dispose();
}

test('an editor uploads three files by drag and drop (one over 100 MB refused), links one to a control, accepts a suggested one on another, and downloads a file whose bytes and SHA-256 are those uploaded', async ({ page, request }) => {
  test.setTimeout(300_000);
  const errors = collectBrowserErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  // A fresh project with the EU AI Act applied (its controls come with it) and Eddie Editor on it.
  const projectId = await setUpProject(request, `Credit Assistant ${Date.now()}`);
  const projectUrl = `/projects/project-detail/${projectId}`;

  // The editor opens the project's empty Evidence tab.
  await signIn(page, 'editor@demo.local');
  await page.goto(projectUrl);
  await page.getByRole('link', { name: 'Evidence', exact: true }).click();
  await expect(page).toHaveURL(`${projectUrl}/evidence`);
  await expect(page.getByRole('heading', { level: 2, name: 'Evidence' })).toBeVisible();
  await expect(page.getByText(/^No evidence yet\./)).toBeVisible();
  await expectNoSeriousViolations(page, 'evidence (empty)');

  // Drops four files at once: the one over 100 MB is refused before a byte is sent, with the spec's message; the three others wait.
  await page.getByRole('button', { name: 'Upload evidence' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload evidence' });
  await dropFiles(page, dialog.getByTestId('evidence-drop-zone'), FILES, TOO_LARGE);
  await expect(page.getByText(`Maximum file size is 100MB. Failed to upload files: ${TOO_LARGE}`)).toBeVisible();
  const queue = dialog.getByRole('list', { name: 'Files to upload' });
  await expect(queue.getByRole('listitem')).toHaveCount(3);
  await expect(queue.getByRole('listitem', { name: TOO_LARGE })).toHaveCount(0);
  for (const file of FILES) await expect(queue.getByRole('listitem', { name: file.name })).toHaveAttribute('data-status', 'idle');
  await expectNoSeriousViolations(page, 'upload dialog', '[role="dialog"]');

  // Each file's progress bar shows while it travels (recorded as they appear: small files go fast), then each reads Uploaded.
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { progressSeen: Set<string> }).progressSeen = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('[role="progressbar"][aria-label^="Uploading "]')) seen.add(bar.getAttribute('aria-label')!);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await dialog.getByRole('button', { name: 'Upload 3 files' }).click();
  for (const file of FILES) {
    const entry = queue.getByRole('listitem', { name: file.name });
    await expect(entry).toHaveAttribute('data-status', 'uploaded');
    await expect(entry.getByText('Uploaded')).toBeVisible();
  }
  await expect(dialog.getByRole('status')).toHaveText('3 of 3 uploaded');
  const progressSeen = await page.evaluate(() => [...(window as unknown as { progressSeen: Set<string> }).progressSeen].sort());
  expect(progressSeen).toEqual(FILES.map((file) => `Uploading ${file.name}`).sort());
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The tab lists the three, nothing of the refused one (whose red notice stays until closed).
  await expect(page.getByText('3 files', { exact: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Evidence' });
  for (const file of FILES) await expect(table.getByRole('link', { name: file.name, exact: true })).toBeVisible();
  await expect(table.getByText(TOO_LARGE)).toHaveCount(0);
  await page.getByRole('alert').filter({ hasText: TOO_LARGE }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText(TOO_LARGE)).toHaveCount(0);
  await expectNoSeriousViolations(page, 'evidence');

  // On the AI policy control's page, the editor attaches the policy from the project's evidence.
  await page.goto(`${projectUrl}/control-detail/MFF-1.GOV.01`);
  await expect(page.getByRole('heading', { level: 2, name: /AI policy/ })).toBeVisible();
  const policyEvidence = page.getByRole('region', { name: 'Evidence', exact: true });
  await expect(policyEvidence.getByText('No evidence is linked to this control yet', { exact: false })).toBeVisible();
  await policyEvidence.getByRole('button', { name: 'Attach existing…' }).click();
  const attach = page.getByRole('dialog', { name: 'Attach evidence to MFF-1.GOV.01' });
  await attach.getByRole('combobox', { name: 'Evidence' }).fill('policy');
  await page.getByRole('option', { name: /ai-policy\.txt/ }).click();
  await expectNoSeriousViolations(page, 'attach evidence dialog', '[role="dialog"]');
  await attach.getByRole('button', { name: 'Attach' }).click();
  await expect(attach).toBeHidden();
  const policyList = policyEvidence.getByRole('list', { name: 'Evidence linked to MFF-1.GOV.01' });
  await expect(policyList.getByRole('link', { name: 'ai-policy.txt' })).toBeVisible();
  await expect(policyList.getByText(/Text · \d+ Bytes · Version 1/)).toBeVisible();

  // On the risk method control's page, suggestions propose the risk method (once its text is read: the extraction runs in the background).
  await page.goto(`${projectUrl}/control-detail/MFF-1.RSK.01`);
  await expect(page.getByRole('heading', { level: 2, name: /Risk management methodology and criteria/ })).toBeVisible();
  const suggestions = page.getByRole('region', { name: 'Suggested evidence' });
  const proposals = suggestions.getByRole('list', { name: 'Evidence suggested for MFF-1.RSK.01' });
  const proposal = proposals.getByRole('listitem', { name: 'risk-method.md' });
  await expect(async () => {
    await suggestions.getByRole('button', { name: 'Suggest evidence' }).click();
    await expect(suggestions.getByRole('button', { name: 'Suggest evidence' })).toBeEnabled();
    await expect(proposal).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 3_000] });
  await expect(proposal.getByText(/^Relevance \d+%$/)).toBeVisible();
  await expect(proposal.getByText('Full-text match')).toBeVisible();
  // The matched passage, its matches highlighted.
  await expect(proposal.locator('blockquote mark').first()).toBeVisible();
  // The floor below which nothing is proposed is said with it (issue 29, item 19).
  await expect(suggestions.getByText(/^Last suggested .*, by full-text ranking\. Files below 20% relevance are not proposed\.$/)).toBeVisible();
  await expectNoSeriousViolations(page, 'control with suggested evidence');
  await proposal.getByRole('button', { name: 'Accept risk-method.md' }).click();
  await expect(page.getByText('“risk-method.md” linked to MFF-1.RSK.01')).toBeVisible();
  await expect(proposal).toHaveCount(0);
  await expect(suggestions.getByRole('button', { name: /^Show \d+ decided$/ })).toBeVisible();
  const methodEvidence = page.getByRole('region', { name: 'Evidence', exact: true });
  await expect(methodEvidence.getByRole('list', { name: 'Evidence linked to MFF-1.RSK.01' }).getByRole('link', { name: 'risk-method.md' })).toBeVisible();
  await expectNoSeriousViolations(page, 'control with evidence');
  await screenshots(page, 'control-evidence');

  // The risk method's page: its SHA-256 is that of the bytes uploaded, and the download gives those bytes back.
  await methodEvidence.getByRole('link', { name: 'risk-method.md' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'risk-method.md' })).toBeVisible();
  const uploaded = bytesOf(FILES[0].text);
  const file = page.getByRole('definition').filter({ has: page.locator('code') });
  await expect(file.locator('code')).toHaveText(sha256(uploaded));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('risk-method.md');
  const received = await readFile((await saved.path())!);
  expect(received.equals(uploaded)).toBe(true);
  expect(sha256(received)).toBe(sha256(uploaded));
  await expectNoSeriousViolations(page, 'evidence detail');

  expect(errors).toEqual([]);
});

/** A one-page PDF, small enough to write here: what the preview frames. */
function onePagePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 18 Tf 20 70 Td (Data sheet) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(text.length);
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

test('a PDF preview shows the file in the page, within the content security policy (issue 29, item 2)', async ({ page, request }) => {
  const errors = collectBrowserErrors(page);
  const projectId = await setUpProject(request, `Preview ${Date.now()}`);
  const editor = { authorization: `Bearer ${await tokenFor(request, 'editor@demo.local')}` };
  const uploaded = await request.post(`/api/projects/${projectId}/evidence`, {
    headers: editor,
    multipart: { file: { name: 'data-sheet.pdf', mimeType: 'application/pdf', buffer: onePagePdf() } },
  });
  expect(uploaded.status()).toBe(201);
  const evidenceId = ((await uploaded.json()) as { id: string }).id;

  await signIn(page, 'editor@demo.local');
  await page.goto(`/projects/project-detail/${projectId}/evidence-detail/${evidenceId}`);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'data-sheet.pdf' });
  const frame = dialog.locator('iframe[title="data-sheet.pdf (PDF)"]');
  await expect(frame).toHaveAttribute('src', /.+/);
  // The framed document is the PDF, not the browser's error page of a refused frame.
  await expect.poll(async () => (await frame.elementHandle())?.contentFrame().then((content) => content?.url())).toMatch(/^(blob:|http)/);
  await expect.poll(() => page.frames().some((each) => each.url().startsWith('chrome-error:'))).toBe(false);
  const shown = await (await frame.elementHandle())!.contentFrame();
  await expect.poll(() => shown!.evaluate(() => document.contentType)).toBe('application/pdf');
  await page.waitForTimeout(1_000);
  await dialog.screenshot({ path: path.join(SCREENSHOTS, 'evidence-pdf-preview.png') });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  expect(errors.filter((error) => /Content Security Policy|violates/i.test(error))).toEqual([]);
  expect(errors).toEqual([]);
});
