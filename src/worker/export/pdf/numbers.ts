/**
 * Numbers in content streams: at most three decimals (1/1000 pt, the display list's own grid),
 * no exponent, no trailing zeros and never "-0", so the same page always writes the same bytes.
 */
export function num(value: number): string {
  const thousandths = Math.round(value * 1000);
  if (thousandths === 0 || !Number.isFinite(thousandths)) return '0';
  // Integer arithmetic on thousandths: exact, and no exponent form for tiny or huge values.
  const negative = thousandths < 0;
  const magnitude = negative ? -thousandths : thousandths;
  const whole = Math.floor(magnitude / 1000);
  const fraction = magnitude - whole * 1000;
  let text = String(whole);
  if (fraction !== 0) {
    let digits = fraction < 10 ? `00${fraction}` : fraction < 100 ? `0${fraction}` : String(fraction);
    while (digits.endsWith('0')) digits = digits.slice(0, -1);
    text += `.${digits}`;
  }
  return negative ? `-${text}` : text;
}
