/**
 * Column-break rules of running text (configuration.md §6.4) read for page/break-rules.ts, kept
 * apart from settings-from-config.ts.
 */
import { declareAppliedSettings } from '../config';
import { DEFAULT_BREAK_RULES, type BreakRules } from './page/break-rules';
import type { ConfigReaders } from './settings-structure';

declareAppliedSettings([
  // page/paginate.ts colonListKeep: the colon line kept with the list's first item (or line).
  'bodyText.keepColonWithList',
  'bodyText.colonListRoom',
]);

/** `bodyText.keepColonWithList`, `colonListRoom`… as the engine applies them. */
export function breakRules(r: ConfigReaders): BreakRules {
  const d = DEFAULT_BREAK_RULES;
  return {
    keepColonWithList: r.bool('bodyText.keepColonWithList', d.keepColonWithList),
    colonListRoom: r.str('bodyText.colonListRoom', d.colonListRoom) === 'line' ? 'line' : 'item',
  };
}
