// Reads a V8 .cpuprofile (node --cpu-prof) and lists its top functions by self time.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** Self time per function (name + file + line), as a share of all samples (or of the busy ones: `busyOnly`, idle left out). */
export function topFunctions(file: string, n = 15, busyOnly = false): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[] };
  const idle = busyOnly ? profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').reduce((sum, node) => sum + (node.hitCount ?? 0), 0) : 0;
  const total = profile.samples.length - idle || 1;
  const byKey = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    if (busyOnly && functionName === '(idle)') continue;
    const where = url ? `${url.split('/').slice(-2).join('/')}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    byKey.set(key, (byKey.get(key) ?? 0) + (node.hitCount ?? 0));
  }
  return [...byKey.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, hits]) => `${((hits / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
}
