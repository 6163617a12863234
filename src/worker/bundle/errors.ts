/**
 * Why a bundle was refused. Import and preset loading return data or throw a BundleError; they never
 * write anything, so a refused bundle leaves every stored book untouched. Problems that can be
 * repaired (a missing picture, a `.woff` face) are reported as warnings on the result instead.
 */
export type BundleErrorCode =
  /** Not a zip, truncated, encrypted, or a zip feature we do not read. */
  | 'invalid-archive'
  /** A path that is absolute or climbs out of the bundle. */
  | 'unsafe-path'
  /** Declared sizes above the limits (zip bomb guard). */
  | 'too-large'
  /** preset.json is missing, is not JSON, or does not have the manifest's shape. */
  | 'invalid-manifest'
  /** A file the book cannot do without (a chapter) is not in the bundle. */
  | 'missing-file';

export class BundleError extends Error {
  override readonly name = 'BundleError';
  constructor(
    readonly code: BundleErrorCode,
    message: string,
  ) {
    super(message);
  }
}
