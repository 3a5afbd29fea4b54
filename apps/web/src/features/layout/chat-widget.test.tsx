import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteConfig } from '../../lib/site-config';
import { ChatWidget, CHAT_WIDGET_SCRIPT_ID, chatWidgetSrc, loadChatWidget } from './chat-widget';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.getElementById(CHAT_WIDGET_SCRIPT_ID)?.remove();
});

describe('ChatWidget', () => {
  it('stays inactive without a token: no script is added', async () => {
    vi.useFakeTimers();
    expect(siteConfig.chatWidgetToken).toBe('');
    render(<ChatWidget />);
    render(<ChatWidget token="" />);
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(loadChatWidget('')).toBe(false);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('adds the vendor script once, when the browser is idle, with a token', async () => {
    vi.useFakeTimers();
    render(<ChatWidget token="abc123/def456" />);
    expect(document.getElementById(CHAT_WIDGET_SCRIPT_ID)).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    const script = document.getElementById(CHAT_WIDGET_SCRIPT_ID) as HTMLScriptElement | null;
    expect(script?.src).toBe('https://embed.tawk.to/abc123/def456');
    expect(script?.async).toBe(true);
    expect(loadChatWidget('abc123/def456')).toBe(true);
    expect(document.querySelectorAll(`#${CHAT_WIDGET_SCRIPT_ID}`)).toHaveLength(1);
  });

  it('refuses malformed tokens', () => {
    expect(chatWidgetSrc('  ')).toBeNull();
    expect(chatWidgetSrc('a/../../evil.js')).toBeNull();
    expect(chatWidgetSrc('https://evil.example/x.js')).toBeNull();
    expect(chatWidgetSrc(' abc/def ')).toBe('https://embed.tawk.to/abc/def');
  });
});
