import { Stepper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Step } from '../wizard/state.ts';
import classes from './StepBar.module.css';

const STEPS = [1, 2, 3, 4] as const;

/**
 * The wizard's step bar (spec §2): done steps green, the current one blue; a step is clickable
 * only up to the highest one reached. Step 5 (the receipt) lives on /booking-status.
 */
export function StepBar({ step, reached, onStep }: { step: Step; reached: Step; onStep: (s: Step) => void }) {
  const { t } = useTranslation();
  return (
    <Stepper
      active={step - 1}
      onStepClick={(i) => onStep((i + 1) as Step)}
      color="blue"
      size="sm"
      mb="xl"
      aria-label={t('wizard.steps.label')}
      wrap={false}
      classNames={{ stepBody: classes.body, separator: classes.separator }}
    >
      {STEPS.map((s) => (
        <Stepper.Step
          key={s}
          label={t(`wizard.steps.s${s}`)}
          color={s < step ? 'green' : 'blue'}
          allowStepSelect={s <= reached && s !== step}
          aria-current={s === step ? 'step' : undefined}
        />
      ))}
      <Stepper.Step label={t('wizard.steps.s5')} allowStepSelect={false} />
    </Stepper>
  );
}
