/**
 * A fresh random key for a request that moves money (`requestKey`): the server posts the first request
 * that carries a key and answers any repeat of it with that first result, so a retry cannot move money
 * twice. 16 random bytes as 32 hex characters; `crypto.getRandomValues` works on plain-http origins too,
 * unlike `crypto.randomUUID`.
 */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
