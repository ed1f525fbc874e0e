// Dependency-free, so the web app can import the rooms' limits at runtime for its help texts.
// The crash rooms (DESIGN.md §5): three Aviator rooms and the Crash rocket, each with its own chain,
// bet limits and published per-bet maximum win.
export const CRASH_ROOMS = {
  limbo: { kind: 'aviator', slots: 2, minBetPaise: 110n, maxBetPaise: 1_000_000n, maxWinPaise: 100_000_000n },
  limbo1: { kind: 'aviator', slots: 2, minBetPaise: 110n, maxBetPaise: 200_000n, maxWinPaise: 20_000_000n },
  limbo3: { kind: 'aviator', slots: 2, minBetPaise: 1_000n, maxBetPaise: 5_000_000n, maxWinPaise: 500_000_000n },
  crash: { kind: 'rocket', slots: 1, minBetPaise: 110n, maxBetPaise: 1_000_000n, maxWinPaise: 100_000_000n },
} as const;
export type CrashRoomId = keyof typeof CRASH_ROOMS;
export const CRASH_ROOM_IDS = Object.keys(CRASH_ROOMS) as CrashRoomId[];
