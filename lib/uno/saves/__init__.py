"""Saves: settings, the checked store over NVM, the codec, a match as bytes and back."""
