import { List } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { FormAlert } from '../../../components/FormAlert.tsx';

/**
 * The step's validation messages, exact spec texts (spec §8: warnings). Focus moves to the
 * banner so keyboard and screen-reader users land on what to fix; a fixed slot, so showing
 * it does not shift the buttons under the pointer.
 */
export function WizardAlert({ messages }: { messages: readonly string[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (messages.length) ref.current?.focus();
  }, [messages]);
  if (!messages.length) return null;
  return (
    <div ref={ref} tabIndex={-1} style={{ outline: 'none' }}>
      <FormAlert kind="error">
        {messages.length === 1 ? (
          messages[0]
        ) : (
          <List size="sm">
            {messages.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        )}
      </FormAlert>
    </div>
  );
}
