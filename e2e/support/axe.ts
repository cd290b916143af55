import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No serious or critical WCAG 2.1 A/AA violation on the page as it is now. With a modal open,
 * pass its selector: the rest of the page is deliberately hidden from assistive technology then.
 */
export async function expectNoSeriousA11yViolations(page: Page, context: string, include?: string): Promise<void> {
  // The colours a user reads are the settled ones: a transition still running (a button fading from
  // its disabled colour as the pre-rendered page hydrates) failed the contrast check in CI. Cutting
  // transitions and animations puts every element at its end state before axe measures it.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
  expect(serious, `${context}: axe violations`).toEqual([]);
}
