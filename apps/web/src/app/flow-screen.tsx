import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { BrandHeader, Layout } from '../components/ui/layout';
import { StepHeader } from '../components/ui/step-header';
import { settings } from '../config/settings';
import { useAppSelector } from './hooks';
import { DELIVERY_LAST_STEP_LABEL, STEP_LABELS, stepOf } from './routes';

/** The step labels for a service mode: the last step reads 'Deliver' for home delivery. */
export function stepLabels(selectedServiceMode: string): readonly string[] {
  return selectedServiceMode === 'HomeDelivery' ? [...STEP_LABELS.slice(0, 3), DELIVERY_LAST_STEP_LABEL] : STEP_LABELS;
}

/** An order-flow screen: branded header, step header for the current path, content, bottom action. */
export function FlowScreen({
  action,
  toolbar,
  children,
}: {
  action?: ReactNode;
  toolbar?: ReactNode;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const selectedServiceMode = useAppSelector((state) => state.order.orderConfiguration.selectedServiceMode);
  return (
    <Layout
      header={<BrandHeader venueName={settings.venueName} />}
      steps={<StepHeader labels={stepLabels(selectedServiceMode)} current={stepOf(pathname)} />}
      toolbar={toolbar}
      action={action}
    >
      {children}
    </Layout>
  );
}
