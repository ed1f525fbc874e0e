/**
 * Keeps a left-to-right value (an amount, an account number, "10.00 USDT") in one piece and in its
 * own order inside a translated sentence, which may run right to left (Arabic): the Unicode
 * left-to-right isolate around it, the plain-text form of `<bdi dir="ltr">`.
 */
export function isolateLeftToRight(text: string): string {
  return `\u2066${text}\u2069`;
}
