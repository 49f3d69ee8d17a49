// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { CALLBACK_PARAM, GatewayRequestError, jsonpRequest } from './gateway-jsonp';

function lastScript(): HTMLScriptElement {
  const scripts = document.head.querySelectorAll('script');
  const script = scripts[scripts.length - 1];
  if (!script) throw new Error('no script added');
  return script;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('jsonpRequest (spec §7 card request)', () => {
  it('puts the parameters and a callback in the query and resolves with what the gateway passes back', async () => {
    const result = jsonpRequest('http://localhost/gateway/card?x=1', { amount: '1250', card_number: '4111' });
    const src = new URL(lastScript().src);
    expect(src.searchParams.get('amount')).toBe('1250');
    expect(src.searchParams.get('card_number')).toBe('4111');
    expect(src.searchParams.get('x')).toBe('1');
    const callback = src.searchParams.get(CALLBACK_PARAM)!;
    (window as unknown as Record<string, (value: unknown) => void>)[callback]!({ r: 1, id: 't-1' });
    await expect(result).resolves.toEqual({ r: 1, id: 't-1' });
    expect(document.head.querySelector('script')).toBeNull();
    expect((window as unknown as Record<string, unknown>)[callback]).toBeUndefined();
  });

  it('rejects with a GatewayRequestError when the script fails to load', async () => {
    const result = jsonpRequest('http://localhost/gateway/card', {});
    lastScript().dispatchEvent(new Event('error'));
    await expect(result).rejects.toBeInstanceOf(GatewayRequestError);
  });
});
