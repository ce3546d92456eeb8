import { useEffect, useRef } from 'react';
import { KEEP_CLEAR } from './chat/keep-clear';
import { Button } from './ui/button';

/**
 * A signature drawn with the finger, the pen or the mouse; `onChange` receives it as a PNG
 * data URL, or null when cleared.
 */
export function SignaturePad({ onChange }: { onChange: (png: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.strokeStyle = '#0c0c0d';
  }, []);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * event.currentTarget.width,
      y: ((event.clientY - box.top) / box.height) * event.currentTarget.height,
    };
  };

  return (
    <div className="grid gap-2">
      {/* The assistant's button never covers where the thumb draws. */}
      <canvas
        {...KEEP_CLEAR}
        ref={canvas}
        width={600}
        height={220}
        role="img"
        aria-label="Zone de signature&nbsp;: tracez votre signature"
        className="w-full touch-none rounded-2xl bg-white ring-1 ring-mist"
        onPointerDown={(event) => {
          drawing.current = true;
          event.currentTarget.setPointerCapture(event.pointerId);
          const { x, y } = point(event);
          const context = event.currentTarget.getContext('2d');
          context?.beginPath();
          context?.moveTo(x, y);
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          const { x, y } = point(event);
          const context = event.currentTarget.getContext('2d');
          context?.lineTo(x, y);
          context?.stroke();
          drawn.current = true;
        }}
        onPointerUp={(event) => {
          drawing.current = false;
          if (drawn.current) onChange(event.currentTarget.toDataURL('image/png'));
        }}
      />
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => {
          const target = canvas.current;
          target?.getContext('2d')?.clearRect(0, 0, target.width, target.height);
          drawn.current = false;
          onChange(null);
        }}
      >
        Effacer
      </Button>
    </div>
  );
}
