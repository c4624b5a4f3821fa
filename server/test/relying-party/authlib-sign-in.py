"""Signs in against the simulator as a Python service using Authlib would, with its defaults.

Usage: authlib-sign-in.py BASE_URL CLIENT_ID PRIVATE_KEY_PEM_FILE REDIRECT_URI

Authlib's requests client with private_key_jwt as its documentation shows it: PrivateKeyJWT
registered for the token endpoint, nothing else changed (so its client assertions live one hour,
exp = iat + 3600). Discovery, the authorization request (the redirect read, not followed), the
code exchange, the ID token checked with Authlib's JOSE against the JWKS, then /userinfo.
Prints one JSON object with what it got; exits 1 with the error on stderr when a step fails.
"""
import json
import sys

from authlib.integrations.requests_client import OAuth2Session
from authlib.jose import JsonWebKey, jwt
from authlib.oauth2.rfc7523 import PrivateKeyJWT
from authlib.common.security import generate_token
import requests


def main():
    base, client_id, key_file, redirect_uri = sys.argv[1:5]
    with open(key_file, encoding="utf-8") as f:
        private_key = f.read()

    metadata = requests.get(f"{base}/.well-known/openid-configuration", timeout=10).json()
    token_endpoint = metadata["token_endpoint"]

    session = OAuth2Session(
        client_id,
        private_key,
        token_endpoint_auth_method="private_key_jwt",
        redirect_uri=redirect_uri,
        scope="openid email phone",
    )
    session.register_client_auth_method(PrivateKeyJWT(token_endpoint))

    nonce = generate_token(20)
    url, state = session.create_authorization_url(
        metadata["authorization_endpoint"], nonce=nonce
    )
    answer = requests.get(url, allow_redirects=False, timeout=10)
    if answer.status_code != 302:
        raise RuntimeError(f"/authorize answered {answer.status_code}: {answer.text[:200]}")
    callback = answer.headers["Location"]

    token = session.fetch_token(token_endpoint, authorization_response=callback, state=state)

    jwks = JsonWebKey.import_key_set(requests.get(metadata["jwks_uri"], timeout=10).json())
    claims = jwt.decode(
        token["id_token"],
        jwks,
        claims_options={
            "iss": {"essential": True, "value": metadata["issuer"]},
            "aud": {"essential": True, "value": client_id},
            "nonce": {"essential": True, "value": nonce},
        },
    )
    claims.validate()

    userinfo = session.get(metadata["userinfo_endpoint"]).json()
    print(
        json.dumps(
            {
                "token_type": token["token_type"],
                "id_token_sub": claims["sub"],
                "id_token_nonce_matches": claims["nonce"] == nonce,
                "userinfo": userinfo,
            }
        )
    )


if __name__ == "__main__":
    try:
        main()
    except Exception as error:  # one line for the test to show
        print(f"{type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(1)
