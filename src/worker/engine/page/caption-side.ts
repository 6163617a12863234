/**
 * Side captions (`placement.captionSide`, document-format §12.6 and §14.3; configuration.md
 * §12.2): in a one-and-a-half layout whose side column is a float-only channel
 * (`sideColumnRole: 'floats'`), a figure in the main column sets its caption and note in that
 * channel, level with the picture's top, instead of under it. The resource factory sets them at
 * the channel's width (resources/figure.ts, `FlowBlock.aside`); this module decides when that
 * width is offered and emits the aside wherever and whenever the figure itself is emitted (in
 * flow, at a column's head or foot, shrunk into a slot), so every placement path gets it.
 *
 * In the channel the caption goes under anything already set there on the page (side floats,
 * earlier side captions: nothing overlaps, so it may then stand lower than the picture's top),
 * and is lifted to end at the content foot when it would run past it.
 */
import type { DisplayItem } from '../../protocol/displaylist';
import type { ResourceBlockFactory } from '../resources/place';
import type { FlowBlock } from '../resources/block';
import type { PageFrame } from './geometry';

/** The side channel's width (pt) for a block set at `measure` pt, or undefined: only the main column of a page with a float channel. */
export function sideCaptionWidth(frame: PageFrame, measure: number): number | undefined {
  return frame.side && Math.abs(measure - frame.columnWidth) < 1e-6 ? frame.side.width : undefined;
}

/** Where the current page's side channel is and what of it is taken (paginate binds it to its page state). */
export interface SideChannel {
  /** The current page's frame (its side channel's x). */
  frame(): PageFrame;
  /** The current page's index. */
  page(): number;
  /** First free y in the channel, pt from the content top (0 = nothing set yet). */
  freeTop(): number;
  /** Records that the channel is taken down to `bottom` pt from the content top. */
  take(bottom: number): void;
  /** The gap kept under anything in the channel, pt (one body line). */
  gap: number;
}

/** The aside's top (pt, page coordinates) for a figure whose top is at `top`: level with it, under what is taken, above the foot. */
export function asideTop(frame: PageFrame, top: number, height: number, freeTop: number): number {
  const level = Math.max(top - frame.contentTop, freeTop);
  return frame.contentTop + Math.max(0, Math.min(level, frame.contentHeight - height));
}

/**
 * The block emitting its aside in the side channel, level with its top, each time it is emitted.
 * `placed` (shared by the channel's blocks) keeps where an aside went by page and figure position:
 * a figure drawn again in the same place (grown by the flexFigure lever) keeps its caption's place.
 */
export function withSideCaption(block: FlowBlock, channel: SideChannel, placed: Map<string, number> = new Map()): FlowBlock {
  const aside = block.aside;
  if (!aside) return block;
  const emit = (x: number, y: number): DisplayItem[] => {
    const f = channel.frame();
    const items = block.emit(x, y);
    if (!f.side) return items;
    const key = `${channel.page()}|${x}|${y}`;
    const top = placed.get(key) ?? asideTop(f, y, aside.height, channel.freeTop());
    placed.set(key, top);
    channel.take(top - f.contentTop + aside.height + channel.gap);
    return [...items, ...aside.emit(f.side.x, top)];
  };
  const { aside: _taken, split, ...rest } = block;
  // A table's parts each carry their own caption ("(cont.)"): they are wrapped as they are cut.
  return {
    ...rest,
    emit,
    ...(split
      ? {
          split: (maxHeight: number) => {
            const cut = split.call(block, maxHeight);
            return cut ? { first: withSideCaption(cut.first, channel, placed), rest: withSideCaption(cut.rest, channel, placed) } : null;
          },
        }
      : {}),
  };
}

/**
 * The resource factory with side captions: offers the channel's width for blocks in the main
 * column of a page with a float channel and wraps what comes back (absent factory: absent).
 */
export function sideCaptions(factory: ResourceBlockFactory | undefined, channel: SideChannel): ResourceBlockFactory | undefined {
  if (!factory) return undefined;
  const placed = new Map<string, number>();
  return (block, measure, maxHeight, fitTo, direction) => {
    const width = sideCaptionWidth(channel.frame(), measure);
    const flow = factory(block, measure, maxHeight, fitTo, direction, width);
    return flow?.aside ? withSideCaption(flow, channel, placed) : flow;
  };
}
