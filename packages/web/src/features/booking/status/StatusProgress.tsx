import { Stepper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from '../components/StepBar.module.css';

/** The receipt's 5-step bar: steps 1–4 done, the result (step 5) current, red on failure. */
export function StatusProgress({ outcome }: { outcome: 'pending' | 'success' | 'failure' }) {
  const { t } = useTranslation();
  return (
    <Stepper
      active={outcome === 'success' ? 5 : 4}
      color="green"
      size="sm"
      mb="xl"
      aria-label={t('wizard.steps.label')}
      allowNextStepsSelect={false}
      wrap={false}
      classNames={{ stepBody: classes.body, separator: classes.separator }}
    >
      {([1, 2, 3, 4, 5] as const).map((s) => (
        <Stepper.Step key={s} label={t(`wizard.steps.s${s}`)} loading={s === 5 && outcome === 'pending'} color={s === 5 && outcome === 'failure' ? 'red' : undefined} />
      ))}
    </Stepper>
  );
}
