// The seeded demo player (README). Tests make their own players (player.ts); the payments journey
// signs in as this one because its phone has had no code yet.
export const DEMO_MOBILE = '9000000001';
export const DEMO_PASSWORD = 'Demo@12345';
