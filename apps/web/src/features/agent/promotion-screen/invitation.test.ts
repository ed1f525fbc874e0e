import { describe, expect, it, vi } from 'vitest';
import { canShareInvitation, isShareCancelled, svgImageSource } from './invitation.ts';

const invitation = { title: 'Mayur', text: 'Join with code ABC123', url: 'https://mayur.example/reg?code=ABC123' };

describe('svgImageSource', () => {
  it('turns the markup into an SVG data address that decodes back to the same markup', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path fill="#000" d="M0 0h7v7H0z"/></svg>';
    const source = svgImageSource(svg);
    const prefix = 'data:image/svg+xml;charset=utf-8,';
    expect(source.startsWith(prefix)).toBe(true);
    expect(decodeURIComponent(source.slice(prefix.length))).toBe(svg);
  });

  it('escapes what would cut the address short (#, %) or split it (quotes, spaces, angle brackets)', () => {
    const payload = source('<svg a="#x" b="50%"> </svg>');
    expect(payload).not.toMatch(/[#"<> ]/);
    expect(decodeURIComponent(payload)).toBe('<svg a="#x" b="50%"> </svg>');
  });
});

function source(markup: string): string {
  return svgImageSource(markup).slice('data:image/svg+xml;charset=utf-8,'.length);
}

describe('canShareInvitation', () => {
  it('is false where the browser has no Web Share API', () => {
    expect(canShareInvitation({}, invitation)).toBe(false);
    expect(canShareInvitation(undefined, invitation)).toBe(false);
  });

  it('is true where share exists and canShare is missing', () => {
    expect(canShareInvitation({ share: vi.fn() }, invitation)).toBe(true);
  });

  it('follows canShare where the browser has it', () => {
    const canShare = vi.fn().mockReturnValue(false);
    expect(canShareInvitation({ share: vi.fn(), canShare }, invitation)).toBe(false);
    expect(canShare).toHaveBeenCalledWith(invitation);
    expect(canShareInvitation({ share: vi.fn(), canShare: () => true }, invitation)).toBe(true);
  });
});

describe('isShareCancelled', () => {
  it('recognises the AbortError of a share sheet closed by the player', () => {
    expect(isShareCancelled(new DOMException('Share canceled', 'AbortError'))).toBe(true);
  });

  it('treats any other rejection as a failure', () => {
    expect(isShareCancelled(new DOMException('Not allowed', 'NotAllowedError'))).toBe(false);
    expect(isShareCancelled(new Error('boom'))).toBe(false);
    expect(isShareCancelled(undefined)).toBe(false);
  });
});
