/**
 * The consumer's public files: its state's shape (spec §3 Consumer) and the signing key read from
 * it. The consumer feature keeps the slice and the calls that save the consumer; the payment and
 * tracking hooks and the routes import the consumer from here only.
 */
export type { ConsumerKeys, ConsumerState, LegacyConsumer, SavedConsumer, WithConsumer } from './lib/consumer-state';
export { useSigningKey } from './hooks/use-signing-key';
