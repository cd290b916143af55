// Rendered Markdown (already sanitised: raw HTML escaped, unsafe links dropped by renderMarkdown).
import { cn } from '../lib/cn.ts';

const PROSE = [
  'text-slate-700 leading-relaxed break-words',
  '[&_h1]:mt-8 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:text-slate-900',
  '[&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900',
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1',
  '[&_a]:text-brand-700 [&_a]:underline [&_a:hover]:text-brand-800 [&_strong]:text-slate-900',
  '[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-sm [&_pre]:mt-4 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-slate-100',
  '[&_table]:mt-4 [&_table]:block [&_table]:overflow-x-auto [&_table]:text-sm [&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-50 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_td]:border [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-2',
  '[&_img]:mt-4 [&_img]:max-w-full [&_img]:rounded-md [&_hr]:my-8 [&>*:first-child]:mt-0',
].join(' ');

export function MarkdownView({ html, className }: { html: string; className?: string }) {
  // html comes only from renderMarkdown (html: false, link validation), never from raw input
  return <div className={cn(PROSE, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
