"""Contains all the data models used in inputs/outputs"""

from .auth_error import AuthError
from .auth_error_details import AuthErrorDetails
from .auth_result import AuthResult
from .change_password import ChangePassword
from .code import Code
from .delete_account import DeleteAccount
from .email import Email
from .error import Error
from .error_details import ErrorDetails
from .forgot_password import ForgotPassword
from .get_api_auth_callback_provider_provider import GetApiAuthCallbackProviderProvider
from .get_api_auth_oauth_provider_provider import GetApiAuthOauthProviderProvider
from .health import Health
from .magic_link import MagicLink
from .magic_link_verify import MagicLinkVerify
from .message import Message
from .new_passkey import NewPasskey
from .o_auth_token import OAuthToken
from .pagination_metadata import PaginationMetadata
from .passkey import Passkey
from .passkey_created import PasskeyCreated
from .passkey_list import PasskeyList
from .passkey_register import PasskeyRegister
from .passkey_register_credential import PasskeyRegisterCredential
from .passkey_register_step import PasskeyRegisterStep
from .passkey_register_step_options import PasskeyRegisterStepOptions
from .passkey_sign_in import PasskeySignIn
from .passkey_sign_in_credential import PasskeySignInCredential
from .passkey_sign_in_step import PasskeySignInStep
from .passkey_sign_in_step_options import PasskeySignInStepOptions
from .payment_event import PaymentEvent
from .payment_event_data import PaymentEventData
from .payment_event_data_object import PaymentEventDataObject
from .payment_event_object import PaymentEventObject
from .profile import Profile
from .received import Received
from .reset_password import ResetPassword
from .session import Session
from .session_info import SessionInfo
from .session_list import SessionList
from .sign_in import SignIn
from .sign_up import SignUp
from .success import Success
from .token import Token
from .two_factor_enabled import TwoFactorEnabled
from .two_factor_setup import TwoFactorSetup
from .user import User
from .user_result import UserResult
from .verified_user import VerifiedUser

__all__ = (
    "AuthError",
    "AuthErrorDetails",
    "AuthResult",
    "ChangePassword",
    "Code",
    "DeleteAccount",
    "Email",
    "Error",
    "ErrorDetails",
    "ForgotPassword",
    "GetApiAuthCallbackProviderProvider",
    "GetApiAuthOauthProviderProvider",
    "Health",
    "MagicLink",
    "MagicLinkVerify",
    "Message",
    "NewPasskey",
    "OAuthToken",
    "PaginationMetadata",
    "Passkey",
    "PasskeyCreated",
    "PasskeyList",
    "PasskeyRegister",
    "PasskeyRegisterCredential",
    "PasskeyRegisterStep",
    "PasskeyRegisterStepOptions",
    "PasskeySignIn",
    "PasskeySignInCredential",
    "PasskeySignInStep",
    "PasskeySignInStepOptions",
    "PaymentEvent",
    "PaymentEventData",
    "PaymentEventDataObject",
    "PaymentEventObject",
    "Profile",
    "Received",
    "ResetPassword",
    "Session",
    "SessionInfo",
    "SessionList",
    "SignIn",
    "SignUp",
    "Success",
    "Token",
    "TwoFactorEnabled",
    "TwoFactorSetup",
    "User",
    "UserResult",
    "VerifiedUser",
)
