import { Link } from 'react-router';
import { FlowScreen } from './flow-screen';
import { PATHS } from './routes';
import styles from './coming-soon.module.css';

/** A screen of the flow that is not built yet: the real layout and step header, its name, and a way back. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <FlowScreen
      action={
        <Link className={styles.back} to={PATHS.start}>
          Back to start
        </Link>
      }
    >
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>This step is coming soon.</p>
    </FlowScreen>
  );
}
