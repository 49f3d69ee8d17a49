import { useNavigate, useRevalidator } from 'react-router';
import { Button } from '../components/ui/button';
import { settings } from '../config/settings';
import { FlowScreen } from './flow-screen';
import { chooseStorePath } from './order-flow/guards';
import styles from './step-failed.module.css';

/** Spec §2: a menu fetch failure blocks the step. Says so, with a retry (the guard runs again) and a way back. */
export function StepFailed({ title, message }: { title: string; message: string }) {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const retrying = revalidator.state !== 'idle';
  return (
    <FlowScreen
      action={
        <Button block onClick={() => void revalidator.revalidate()} disabled={retrying}>
          {retrying ? 'Trying again…' : 'Try again'}
        </Button>
      }
    >
      <div className={styles.box} role="alert">
        <h1 className={styles.title}>{title}</h1>
        <p>We couldn't load the menu just now. Please check your connection and try again.</p>
        <p className={styles.detail}>{message}</p>
        <Button variant="secondary" onClick={() => void navigate(chooseStorePath(settings.multiVendor))}>
          {settings.multiVendor ? 'Choose another store' : 'Back to start'}
        </Button>
      </div>
    </FlowScreen>
  );
}
