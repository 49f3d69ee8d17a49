import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Layout } from '../../../components/ui/layout';
import { Skeleton } from '../../../components/ui/loader';
import { PickupTimeModal, type StartMode } from './pickup-time-modal';
import { TermsModal } from './terms-modal';
import styles from './start-screen.module.css';

export interface TimePicker {
  vendorId: number;
  timeZone: string;
  loadSlots: (vendorId: number, signal: AbortSignal) => Promise<string[]>;
}

export interface StartScreenProps {
  venueName: string;
  legalEntityName: string;
  businessNumber: string;
  /** the store of a single-vendor build, once known */
  storeName: string | null;
  /** the time-to-service tag, or null to show none */
  timeToService: string | null;
  /** the tag is still to come: its space is kept empty, so nothing below it moves when it arrives */
  timeToServicePending?: boolean;
  /** stores are loading: the buttons wait */
  loading: boolean;
  /** the stores could not be loaded */
  error: string | null;
  /** the venue has no stores yet (or is not in the database yet): a calm 'not open' page, no buttons */
  notOpenYet?: boolean;
  /** the 'Pay' step: the ways to pay the venue's stores take */
  payMethods: string;
  onRetry: () => void;
  /** 'Order & Collect' is offered */
  offerCollect: boolean;
  /** 'Order Home Delivery' is offered */
  offerDelivery: boolean;
  /** whether it is offered is not known yet: its place is held, so 'Order & Collect' does not jump */
  deliveryPending?: boolean;
  /** single-vendor builds ask for a preferred time first */
  timePicker: TimePicker | null;
  /** the customer chose how to order (and, with a time picker, when: null for ASAP) */
  onStart: (mode: StartMode, pickedTime: string | null) => void;
  /** a way to order the last order again, shown above 'How it works' */
  reorder?: ReactNode;
}

function ClockIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
      <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M10 5.5V10l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function BagIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d="M5 8h14l-1 12H6L5 8z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path d="M9 8V6a3 3 0 016 0v2" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

function ScooterIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <circle cx="6" cy="17" r="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="18" cy="17" r="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M8.5 17h6l2-8h3M14 9h-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function howItWorks(singleStore: boolean, payMethods: string) {
  return [
    { title: 'Order', text: singleStore ? 'Choose from the menu.' : "Choose from the venue's stores." },
    { title: 'Pay', text: payMethods },
    { title: 'Collect', text: "We'll tell you when it's ready." },
  ];
}

/** Spec §2 start screen: venue name, how to order, the terms footer. */
export function StartScreen(props: StartScreenProps) {
  const {
    venueName,
    storeName,
    timeToService,
    loading,
    error,
    onRetry,
    offerCollect,
    offerDelivery,
    timePicker,
    onStart,
  } = props;
  const [termsOpen, setTermsOpen] = useState(false);
  const [timeFor, setTimeFor] = useState<StartMode | null>(null);

  const choose = (mode: StartMode) => {
    if (timePicker) setTimeFor(mode);
    else onStart(mode, null);
  };

  const actions = props.notOpenYet ? null : loading ? (
    <>
      <Skeleton height={56} radius={999} />
      <span className="visually-hidden" role="status">
        Loading…
      </span>
    </>
  ) : (
    <>
      {offerCollect && (
        <Button block onClick={() => choose('collect')}>
          <BagIcon />
          Order &amp; Collect
        </Button>
      )}
      {offerDelivery ? (
        <Button block variant="secondary" onClick={() => choose('delivery')}>
          <ScooterIcon />
          Order Home Delivery
        </Button>
      ) : (
        props.deliveryPending && <Skeleton height={56} radius={999} />
      )}
    </>
  );

  const hero = (
    <header className={styles.hero}>
      <div className={styles.heroInner}>
        {props.notOpenYet ? (
          <>
            <h1 id="venue-name" className={styles.notOpen}>
              {venueName} is not open for orders yet
            </h1>
            <p className={styles.pitch}>Please check back soon.</p>
          </>
        ) : (
          <>
            <p className={styles.kicker}>Welcome to</p>
            <h1 id="venue-name" className={styles.venueName}>
              {venueName}
            </h1>
            {storeName && <p className={styles.store}>Ordering from {storeName}</p>}
            <p className={styles.pitch}>
              Skip the queue: order food and drinks from your phone and we'll tell you when it's ready.
            </p>
          </>
        )}
        {timeToService ? (
          <p className={styles.tts}>
            <ClockIcon />
            <span>{timeToService}</span>
          </p>
        ) : (
          props.timeToServicePending && <p className={`${styles.tts} ${styles.ttsPending}`} aria-hidden="true" />
        )}
      </div>
    </header>
  );

  return (
    <Layout hero={hero} action={actions}>
      {error && <Notice action={{ label: 'Try again', onClick: onRetry }}>{error}</Notice>}

      {props.reorder}

      {!props.notOpenYet && (
        <section className={styles.steps} aria-labelledby="how-it-works">
          <h2 id="how-it-works" className={styles.stepsTitle}>
            How it works
          </h2>
          <ol className={styles.stepList}>
            {howItWorks(storeName !== null, props.payMethods).map((step, index) => (
              <li key={step.title} className={styles.step}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <span>
                  <strong>{step.title}</strong>
                  <span className={styles.stepText}>{step.text}</span>
                </span>
              </li>
            ))}
          </ol>
        </section>
      )}

      <footer className={styles.footer}>
        <p>
          By ordering you agree to our{' '}
          <button type="button" className={styles.termsLink} onClick={() => setTermsOpen(true)}>
            Terms and Conditions
          </button>
        </p>
        {(props.legalEntityName || props.businessNumber) && (
          <p className={styles.legal}>
            {props.legalEntityName}
            {props.legalEntityName && props.businessNumber ? ' · ' : ''}
            {props.businessNumber ? `ABN ${props.businessNumber}` : ''}
          </p>
        )}
      </footer>

      <TermsModal
        open={termsOpen}
        venueName={venueName}
        legalEntityName={props.legalEntityName}
        businessNumber={props.businessNumber}
        onAccept={() => setTermsOpen(false)}
        onReject={() => setTermsOpen(false)}
      />
      {timePicker && (
        <PickupTimeModal
          open={timeFor !== null}
          mode={timeFor ?? 'collect'}
          vendorId={timePicker.vendorId}
          timeZone={timePicker.timeZone}
          loadSlots={timePicker.loadSlots}
          onCancel={() => setTimeFor(null)}
          onChoose={(pickedTime) => {
            const mode = timeFor ?? 'collect';
            setTimeFor(null);
            onStart(mode, pickedTime);
          }}
        />
      )}
    </Layout>
  );
}
