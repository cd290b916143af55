import type { ReactNode } from 'react';
import { MarkdownView } from './markdown-view.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './ui/tabs.tsx';

/** A Markdown field with its Write and Preview tabs (the blog editor, the site's pages): `editor` is the field. */
export function MarkdownEditorTabs({ tab, onTab, preview, editor }: { tab: string; onTab: (tab: string) => void; preview: string; editor: ReactNode }) {
  return (
    <Tabs value={tab} onValueChange={onTab}>
      <TabsList aria-label="Editor mode">
        <TabsTrigger value="write">Write</TabsTrigger>
        <TabsTrigger value="preview">Preview</TabsTrigger>
      </TabsList>
      <TabsContent value="write">{editor}</TabsContent>
      <TabsContent value="preview">
        <div className="min-h-64 rounded-md border border-slate-200 p-4" aria-label="Preview" role="region">
          <MarkdownView html={preview} />
        </div>
      </TabsContent>
    </Tabs>
  );
}
