import type { SavedPaymentMethod } from '@venue/contract/payment';
import { Button } from '../../../components/ui/button';
import { Loader } from '../../../components/ui/loader';
import { NewCardForm, type CardFormState } from './card-form';
import { SavedCard } from './saved-card';

export interface CardChoiceProps {
  form: CardFormState;
  setForm: (update: (current: CardFormState) => CardFormState) => void;
  savedCard: SavedPaymentMethod | null;
  payingWithSaved: boolean;
  useSavedCard: (use: boolean) => void;
  savedCvn: string;
  setSavedCvn: (cvn: string) => void;
  /** a payment was tried: every problem shows */
  attempted: boolean;
}

/** Spec §5: the saved card (its CVN) or a new card, once the payment is ready. */
export function CardChoice({ loading, card }: { loading: boolean; card: CardChoiceProps }) {
  if (loading) return <Loader label="Preparing your payment…" />;
  const { savedCard } = card;
  if (card.payingWithSaved && savedCard) {
    return (
      <SavedCard
        card={savedCard}
        cvn={card.savedCvn}
        onCvnChange={card.setSavedCvn}
        onUseNewCard={() => card.useSavedCard(false)}
        showErrors={card.attempted}
      />
    );
  }
  return (
    <>
      <NewCardForm
        form={card.form}
        onChange={(patch) => card.setForm((current) => ({ ...current, ...patch }))}
        showAllErrors={card.attempted}
      />
      {savedCard && (
        <Button variant="quiet" onClick={() => card.useSavedCard(true)}>
          Use saved card {savedCard.maskedCreditCardNumber}
        </Button>
      )}
    </>
  );
}
