import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isValidMobile, normalizeMobile } from '@venue/domain/validation';
import type { ConsumerState, LegacyConsumer, SavedConsumer } from '../../../entities/consumer';

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
  reducers: {
    /** Spec §5: the mobile input keeps what is typed; the contact keeps it only when valid. */
    mobileInputChanged(state, action: PayloadAction<string>) {
      state.mobilePhoneFormInput = action.payload;
      if (isValidMobile(action.payload)) state.contact.mobile = normalizeMobile(action.payload);
    },
    emailInputChanged(state, action: PayloadAction<string>) {
      state.emailAddressFormInput = action.payload;
    },
    fullNameInputChanged(state, action: PayloadAction<string>) {
      state.fullNameFormInput = action.payload;
    },
    /** Spec §3: a legacy consumer stored locally is imported once (only when none is saved yet). */
    legacyConsumerImported(state, action: PayloadAction<LegacyConsumer>) {
      if (state.id) return;
      const legacy = action.payload;
      state.id = legacy.id;
      state.hmacKey = legacy.hmacKey;
      state.contact = { mobile: legacy.contact?.mobile ?? '', email: legacy.contact?.email ?? '' };
      state.name = { fullName: legacy.name?.fullName ?? '' };
      state.metaData = { ...state.metaData, legacyImported: true };
      state.mobilePhoneFormInput ||= state.contact.mobile;
      state.emailAddressFormInput ||= state.contact.email;
      state.fullNameFormInput ||= state.name.fullName;
    },
    /** The record the server no longer knows (e.g. a new database): the next save creates it again. */
    consumerForgotten(state) {
      state.id = null;
      state.hmacKey = null;
    },
    /** The contact form is being saved (api/save-consumer.ts). */
    consumerSaveStarted(state) {
      state.fetchStatus = 'fetching';
      state.error = null;
    },
    consumerSaved(state, action: PayloadAction<SavedConsumer>) {
      const saved = action.payload;
      state.id = saved.id;
      state.hmacKey = saved.hmacKey;
      state.contact = saved.contact;
      state.name = saved.name;
      state.metaData = saved.metaData;
      state.fetchStatus = 'success';
    },
    /** The save failed: the message the customer is told. */
    consumerSaveFailed(state, action: PayloadAction<string>) {
      state.fetchStatus = 'failed';
      state.error = action.payload;
    },
  },
});

export const {
  mobileInputChanged,
  emailInputChanged,
  fullNameInputChanged,
  legacyConsumerImported,
  consumerForgotten,
  consumerSaveStarted,
  consumerSaved,
  consumerSaveFailed,
} = consumerSlice.actions;
