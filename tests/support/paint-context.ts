import type { PaintContext } from '../../src/worker/paint/painter';

/**
 * A 2D-context stand-in for painter tests: every drawing call does nothing unless the test
 * overrides it to record what the painter asked for (in device px, after the painter's transform).
 */
export function recordingContext(overrides: Partial<PaintContext>): PaintContext {
  return {
    fillStyle: '#000000',
    strokeStyle: '#000000',
    lineWidth: 1,
    save() {},
    restore() {},
    setTransform() {},
    fillRect() {},
    strokeRect() {},
    beginPath() {},
    moveTo() {},
    lineTo() {},
    stroke() {},
    fill() {},
    drawImage() {},
    ...overrides,
  };
}
