// A small drawing pad for a handwritten signature (pointer events: mouse, pen and touch). The drawing
// leaves as a PNG data URL; an untouched pad gives '' so the form asks for a signature.
import { forwardRef, useId, useImperativeHandle, useRef } from 'react';
import { Button } from '#web/components/ui/button.tsx';

export interface PadHandle {
  dataUrl(): string;
}

export const SignaturePad = forwardRef<PadHandle, { label: string; hint: string }>(function SignaturePad({ label, hint }, ref) {
  const hintId = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawn = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);
  useImperativeHandle(ref, () => ({ dataUrl: () => (drawn.current && canvas.current ? canvas.current.toDataURL('image/png') : '') }));
  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - box.left) * e.currentTarget.width) / box.width, y: ((e.clientY - box.top) * e.currentTarget.height) / box.height };
  };
  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    const p = point(e);
    ctx.lineWidth = 3;
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#0f172a';
    ctx.beginPath();
    ctx.moveTo(last.current.x, last.current.y);
    ctx.lineTo(p.x, p.y);
    ctx.stroke();
    last.current = p;
    drawn.current = true;
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    drawn.current = false;
  };
  return (
    <div className="space-y-1">
      <p className="text-sm text-slate-700">{label}</p>
      <canvas
        ref={canvas}
        width={600}
        height={200}
        role="img"
        aria-label={label}
        aria-describedby={hintId}
        className="h-32 w-full touch-none rounded-md border border-slate-300 bg-white"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          last.current = point(e);
        }}
        onPointerMove={move}
        onPointerUp={() => (last.current = null)}
        onPointerLeave={() => (last.current = null)}
      />
      {/* the pad takes no focus: a keyboard user reads how to type instead and tabs on */}
      <p id={hintId} className="text-xs text-slate-500">
        {hint}
      </p>
      <Button type="button" variant="ghost" size="sm" onClick={clear}>
        Clear
      </Button>
    </div>
  );
});
