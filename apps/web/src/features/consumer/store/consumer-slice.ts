import { createSlice } from '@reduxjs/toolkit';
import type { FetchStatus } from '../../../lib/fetch-status';

/** Spec §3 Consumer: the saved record plus the contact form's inputs. */
export interface ConsumerState {
  id: string | null;
  hmacKey: string | null;
  contact: { mobile: string; email: string };
  name: { fullName: string };
  metaData: Record<string, unknown>;
  mobilePhoneFormInput: string;
  emailAddressFormInput: string;
  fullNameFormInput: string;
  fetchStatus: FetchStatus | null;
  error: string | null;
}

export const initialConsumerState: ConsumerState = {
  id: null,
  hmacKey: null,
  contact: { mobile: '', email: '' },
  name: { fullName: '' },
  metaData: {},
  mobilePhoneFormInput: '',
  emailAddressFormInput: '',
  fullNameFormInput: '',
  fetchStatus: null,
  error: null,
};

export const consumerSlice = createSlice({
  name: 'consumer',
  initialState: initialConsumerState,
  reducers: {},
});
