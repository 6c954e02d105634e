import type { CheckInPhase, TCheckInPassenger } from '@heliline/domain';
import { Button, FileButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCamera, IconPhoto, IconPlayerStop } from '@tabler/icons-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { useCheckIn } from './api.ts';
import { decodeQr, decodeQrFile } from './decode.ts';

type Outcome = { kind: 'success'; text: string; passenger: TCheckInPassenger } | { kind: 'error'; text: string };

/**
 * Checks a passenger in: a typed ticket number or pass code, the device camera (a frame read
 * every 300 ms), or a photo of the pass (the same decoder). Outside the window a reason is asked.
 */
export function CheckInForm({ flightId, phase, disabled }: { flightId: number; phase: CheckInPhase; disabled: boolean }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const checkIn = useCheckIn(flightId);
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [scanning, setScanning] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const fileId = useId();
  const resetPhoto = useRef<() => void>(null);
  const outside = phase !== 'open';

  const submit = (value: string) => {
    const trimmed = value.trim();
    if (!trimmed) return;
    checkIn.mutate(
      { code: trimmed, ...(outside && reason.trim() ? { override_reason: reason.trim() } : {}) },
      {
        onSuccess: (res) => {
          const name = `${res.passenger.lastname} ${res.passenger.firstname}`;
          setOutcome({ kind: 'success', text: `${res.messages[lang]}: ${name} (${res.passenger.ticket_nr})`, passenger: res.passenger });
          setCode('');
        },
        onError: (err) => setOutcome({ kind: 'error', text: errorText(err, t, lang) }),
      },
    );
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit(code);
  };

  // The camera: a frame decoded every 300 ms until a code is read or scanning stops.
  useEffect(() => {
    if (!scanning) return;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const tick = async () => {
          if (stopped || !video.current) return;
          const read = await decodeQr(video.current);
          if (read && !stopped) {
            setScanning(false);
            setCode(read);
            submit(read);
            return;
          }
          timer = window.setTimeout(() => void tick(), 300);
        };
        void tick();
      } catch {
        setScanning(false);
        setOutcome({ kind: 'error', text: t('staff.checkIn.cameraError') });
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    // submit reads the latest reason through its closure at the time of the read
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scanning]);

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    const read = await decodeQrFile(file).catch(() => null);
    if (!read) {
      setOutcome({ kind: 'error', text: t('staff.checkIn.noQr') });
      return;
    }
    setCode(read);
    submit(read);
  };

  const cameraAvailable = typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="check-in-form-title">
      <Title order={2} size="h3" id="check-in-form-title" mb="sm">
        {t('staff.checkIn.checkInTitle')}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('staff.checkIn.code')}
            description={t('staff.checkIn.codeHint')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            autoComplete="off"
            maxLength={120}
            disabled={disabled}
            data-testid="check-in-code"
          />
          {outside && (
            <TextInput
              label={t('staff.checkIn.override')}
              description={t('staff.checkIn.overrideHint')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={200}
              disabled={disabled}
            />
          )}
          <Group gap="sm" wrap="wrap">
            <Button type="submit" loading={checkIn.isPending} disabled={disabled}>
              {t('staff.checkIn.submit')}
            </Button>
            {cameraAvailable && (
              <Button
                variant="default"
                leftSection={scanning ? <IconPlayerStop size={18} aria-hidden /> : <IconCamera size={18} aria-hidden />}
                onClick={() => setScanning((s) => !s)}
                disabled={disabled}
              >
                {scanning ? t('staff.checkIn.stopScan') : t('staff.checkIn.scan')}
              </Button>
            )}
          </Group>
          {scanning && <video ref={video} muted playsInline aria-label={t('staff.checkIn.cameraLabel')} style={{ width: '100%', maxWidth: 420, borderRadius: 8 }} />}
          <div>
            <Text size="sm" c="gray.8" id={`${fileId}-hint`} mb={4}>
              {t('staff.checkIn.uploadHint')}
            </Text>
            {/* The hidden file input carries the name too: tests and assistive tools can reach it by label. */}
            <FileButton
              onChange={(file) => {
                void onPhoto(file ?? undefined);
                resetPhoto.current?.();
              }}
              accept="image/*"
              capture="environment"
              disabled={disabled}
              resetRef={resetPhoto}
              inputProps={{ 'aria-label': t('staff.checkIn.upload'), 'data-testid': 'check-in-photo' } as React.ComponentProps<'input'>}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconPhoto size={18} aria-hidden />}
                  aria-describedby={`${fileId}-hint`}
                  disabled={disabled}
                  // the label wraps on a phone instead of running off the screen
                  h="auto"
                  mih={36}
                  maw="100%"
                  styles={{ label: { whiteSpace: 'normal', paddingBlock: 6 } }}
                >
                  {t('staff.checkIn.upload')}
                </Button>
              )}
            </FileButton>
          </div>
        </Stack>
      </form>
      <div aria-live="polite" data-testid="check-in-outcome">
        {outcome?.kind === 'success' && (
          <FormAlert kind="success">
            {outcome.text}
            {outcome.passenger.forms.length > 0 && (
              <Text fw={700} mt={4}>
                {t('staff.checkIn.formsWarning', { forms: outcome.passenger.forms.map((f) => t(`staff.checkIn.forms.${f}`)).join(', ') })}
              </Text>
            )}
          </FormAlert>
        )}
        {outcome?.kind === 'error' && <FormAlert kind="error">{outcome.text}</FormAlert>}
      </div>
    </Paper>
  );
}
