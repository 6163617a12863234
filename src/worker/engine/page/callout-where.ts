/**
 * Where a `:::callout` box goes (document-format §8.1, configuration.md §13.4): `span`,
 * `placement` and `columns` from the fence's attributes, else from the box style
 * (`calloutStyles[id].span/placement/columns`, settings-callouts.ts), read against the page's
 * column model. paginate.ts sets it: in flow (`here`; a page-wide band when it spans the page),
 * or as a float (page/floats-page.ts slots; the side channel).
 */
import type { Attributes } from '../parse/model';
import type { CalloutFlow } from '../settings-callouts';

export interface CalloutWhere {
  /** `page` only on a page of several columns, `side` only with a float-only side channel. */
  span: 'column' | 'page' | 'side';
  placement: 'here' | 'auto' | 'top' | 'bottom' | 'fixed';
  /** Adjacent columns a floated box spans (2 … N − 1), else 1. */
  columns: number;
  /** Set as a float (auto/top/bottom, across several columns, or in the side channel), not in flow. */
  float: boolean;
}

const SPANS = ['column', 'page', 'side'] as const;
const PLACEMENTS = ['here', 'auto', 'top', 'bottom', 'fixed'] as const;

/**
 * Fence attributes win over the style (§13.4 "fence `title` overrides", document-format §8.1
 * "style's, default …"); unknown values are ignored. A box across N ≥ the page's columns spans the
 * page; across 2 … N − 1 columns it is a floated column box (§8.1 `columns`: "Floated column box
 * spanning N adjacent columns"), so `here` reads as `auto` for it. `side` without a float-only side
 * channel behaves as `column` (§8.1). A `fixed` box is not a float: paginate.ts pins it at its
 * anchor (page/callout-fixed.ts), or sets it as its span says when it cannot leave the flow.
 */
export function calloutWhere(attrs: Attributes, style: CalloutFlow | undefined, pageColumns: number, sideChannel: boolean): CalloutWhere {
  const pick = <T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T => (value !== undefined && (allowed as readonly string[]).includes(value) ? (value as T) : fallback);
  let span = pick(attrs['span'], SPANS, style?.span ?? 'column');
  let placement = pick(attrs['placement'], PLACEMENTS, style?.placement ?? 'here');
  const asked = attrs['columns'] !== undefined && /^\s*\d+\s*$/.test(attrs['columns']) ? Number(attrs['columns']) : (style?.columns ?? 1);
  let columns = Math.max(1, Math.round(asked));
  if (span === 'side' && !sideChannel) span = 'column';
  if (span === 'column' && columns > 1 && pageColumns > 1 && columns >= pageColumns) span = 'page';
  if (span !== 'column' || pageColumns < 2) columns = 1;
  if (span === 'page' && pageColumns < 2) span = 'column';
  if (columns > 1 && placement === 'here') placement = 'auto';
  const float = span === 'side' || placement === 'auto' || placement === 'top' || placement === 'bottom';
  return { span, placement, columns, float };
}
