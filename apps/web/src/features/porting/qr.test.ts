import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrPath } from './qr';

describe('qrPath', () => {
  it('draws every dark module of the code once, inside a four-module quiet zone', () => {
    const text = 'LPA:1$smdp.example.ru$K2-4F7A-9C31';
    const { size, d } = qrPath(text);
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    expect(size).toBe(modules.size + 8);
    const squares = [...d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => [Number(m[1]), Number(m[2])]);
    let dark = 0;
    for (let y = 0; y < modules.size; y++) for (let x = 0; x < modules.size; x++) dark += modules.get(y, x) ? 1 : 0;
    expect(squares).toHaveLength(dark);
    for (const [x, y] of squares) {
      expect(modules.get((y as number) - 4, (x as number) - 4)).toBeTruthy();
    }
    // The finder pattern's corner is dark: the top-left module of the code proper.
    expect(squares[0]).toEqual([4, 4]);
  });

  it('gives another code for another text', () => {
    expect(qrPath('LPA:1$a.example$X1').d).not.toBe(qrPath('LPA:1$a.example$X2').d);
  });
});
