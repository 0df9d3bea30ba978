/** The public surface of the appeals feature, which the property view (features/scores) mounts on its score cards. */
export { AppealButton, type AppealButtonProps } from './components/AppealButton';
