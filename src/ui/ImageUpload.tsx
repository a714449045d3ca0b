import { ActionIcon, Box, Button, FileButton, Group, Image, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '../schemas/system';
import { api } from '../app/api/request';
import { notify } from '../app/lib/notify';

/**
 * Image upload (spec §5, §7): POST /loanapi/upload/auto_image, multipart `file` plus `sign_type`, answer
 * data.file_url. Before anything is sent, files over the limit (default 3 MB: notice "image exceeds N M limit")
 * and types other than jpeg/jpg/png are refused.
 */
export const UPLOAD_PATH = '/loanapi/upload/auto_image';
export const DEFAULT_MAX_MB = UPLOAD_MAX_BYTES / 1024 / 1024;
export const DEFAULT_TYPES: readonly string[] = UPLOAD_TYPES;

export interface ImageRules {
  maxMb?: number;
  types?: readonly string[];
}

/** null when the file may be uploaded, else the catalogue message saying why not. */
export function checkImage(file: Pick<File, 'name' | 'size' | 'type'>, rules: ImageRules = {}): { id: string; values: Record<string, string | number> } | null {
  const maxMb = rules.maxMb ?? DEFAULT_MAX_MB;
  const types = (rules.types ?? DEFAULT_TYPES).map((t) => t.toLowerCase());
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (file.type && !file.type.startsWith('image/')) return { id: 'upload.badType', values: { types: types.join(', ') } };
  const sub = file.type ? file.type.slice(6).toLowerCase() : '';
  const norm = (t: string) => (t === 'jpg' ? 'jpeg' : t);
  const allowed = types.map(norm);
  if (!allowed.includes(norm(ext)) || (sub && !allowed.includes(norm(sub)))) return { id: 'upload.badType', values: { types: types.join(', ') } };
  if (file.size > maxMb * 1024 * 1024) return { id: 'upload.tooLarge', values: { n: maxMb } };
  return null;
}

/** Uploads after checking; resolves with data.file_url. Rejects (after showing why) when refused or failed. */
export async function uploadImage(file: File, signType = '', rules: ImageRules = {}): Promise<string> {
  const problem = checkImage(file, rules);
  if (problem) {
    notify('error', problem.id, problem.values);
    throw new Error(problem.id);
  }
  const form = new FormData();
  // Fields before the file: the server reads the fields that precede it in the stream.
  form.append('sign_type', signType);
  form.append('file', file, file.name);
  const data = await api.post<{ file_url: string }>(UPLOAD_PATH, form);
  return data.file_url;
}

export interface ImageUploadProps extends ImageRules {
  value?: string | null;
  onChange: (url: string | null) => void;
  signType?: string;
  label?: string;
  disabled?: boolean;
  /** Preview size, px (spec §9 default icon 80x80). */
  size?: number;
}

export function ImageUpload({ value, onChange, signType = '', maxMb, types, label, disabled, size = 80 }: ImageUploadProps) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const accept = (types ?? DEFAULT_TYPES).map((t) => `image/${t === 'jpg' ? 'jpeg' : t}`).filter((v, i, a) => a.indexOf(v) === i).join(',');

  const pick = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      onChange(await uploadImage(file, signType, { maxMb, types }));
    } catch {
      // already shown (refused here or by the request layer)
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      {label && (
        <Text size="sm" fw={500} mb={4}>
          {label}
        </Text>
      )}
      <Group gap="sm" align="center">
        {value && <Image src={value} w={size} h={size} fit="cover" radius="sm" alt={label ?? ''} />}
        <FileButton onChange={pick} accept={accept} disabled={disabled || busy}>
          {(props) => (
            <Button {...props} variant="default" size="xs" loading={busy}>
              {intl.formatMessage({ id: value ? 'upload.change' : 'upload.button' })}
            </Button>
          )}
        </FileButton>
        {value && !disabled && (
          <ActionIcon variant="subtle" color="red" aria-label={intl.formatMessage({ id: 'upload.remove' })} onClick={() => onChange(null)}>
            ×
          </ActionIcon>
        )}
      </Group>
    </Box>
  );
}
