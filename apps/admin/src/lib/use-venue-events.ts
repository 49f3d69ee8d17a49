/**
 * Follows the back office's event stream (GET /admin/v1/events) with @venue/client's reader, which
 * reconnects with a growing pause and resumes from the last event id. Any event means 'read again';
 * so does every (re)connection, since events may have been missed while it was down. Reads asked
 * for in a burst are made once.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { openEventStream, type StreamState } from '@venue/client/event-stream';
import { announceSignedOut } from '../api/admin-client';
import { EVENTS_URL } from '../api/reports';

/** Events closer together than this make one read. */
export const READ_AGAIN_PAUSE_MS = 300;

export function useVenueEvents(readAgain: () => void): StreamState {
  const [state, setState] = useState<StreamState>('connecting');
  const onChange = useEffectEvent(readAgain);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        onChange();
      }, READ_AGAIN_PAUSE_MS);
    };
    let first = true;
    const stream = openEventStream({
      url: EVENTS_URL,
      onEvent: soon,
      // the screen read the venue as it opened; every reconnection after that reads it again
      onOpen: () => {
        if (!first) soon();
        first = false;
      },
      onState: (next) => {
        setState(next);
        if (next === 'signed-out') announceSignedOut();
      },
    });
    return () => {
      clearTimeout(timer);
      stream.close();
    };
  }, []);
  return state;
}
